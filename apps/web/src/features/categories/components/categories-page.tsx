import Box from '@mui/material/Box';
import { ListState } from '../../../components/list-state.tsx';
import { Page } from '../../../components/page.tsx';
import { useTagsByName } from '../../../resources/tags.ts';
import { CategoryRow } from './category-row.tsx';
import { NewCategoryForm } from './new-category-form.tsx';

/** Catégories (/categories, geek only): the tags videos are filed under. */
export const CategoriesPage = () => {
  const categories = useTagsByName();
  return (
    <Page title="Catégories">
      <Box sx={{ maxWidth: 760 }}>
        <NewCategoryForm />
        <ListState
          status={categories.status}
          isEmpty={categories.data?.length === 0}
          emptyText="Aucune catégorie pour le moment."
          onRetry={() => void categories.refetch()}
          loadingCount={3}
          minWidth={600}
        >
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
            {categories.data?.map((tag) => (
              <CategoryRow key={tag.id} tag={tag} />
            ))}
          </Box>
        </ListState>
      </Box>
    </Page>
  );
};
