export { CategoriesPage } from '../../features/categories/components/categories-page.tsx';
