import { UnderConstruction } from './under-construction.tsx';

/** /editDirect/{id}: a geek edits or deletes a direct (issue 9). */
export const EditDirectPage = () => <UnderConstruction />;
