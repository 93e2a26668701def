import { UnderConstruction } from './under-construction.tsx';

/** /editVideo/{id}: a member edits a video (issue 9). */
export const EditVideoPage = () => <UnderConstruction />;
