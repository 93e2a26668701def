import { UnderConstruction } from './under-construction.tsx';

/** /settings: the geek's home page curation (issue 9). */
export const SettingsPage = () => <UnderConstruction />;
