import { UnderConstruction } from './under-construction.tsx';

/** /pending: videos waiting to be encoded and published (issue 9). */
export const PendingPage = () => <UnderConstruction />;
