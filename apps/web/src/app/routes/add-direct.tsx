import { UnderConstruction } from './under-construction.tsx';

/** /addDirect: a geek programs a direct (issue 9). */
export const AddDirectPage = () => <UnderConstruction />;
