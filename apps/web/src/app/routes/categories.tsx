import { UnderConstruction } from './under-construction.tsx';

/** /categories: geeks manage tags (issue 9). */
export const CategoriesPage = () => <UnderConstruction />;
