import { UnderConstruction } from './under-construction.tsx';

/** /addVideo: a member publishes a video (issue 9). */
export const AddVideoPage = () => <UnderConstruction />;
