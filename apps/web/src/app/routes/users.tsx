import { UnderConstruction } from './under-construction.tsx';

/** /users: geeks manage accounts (issue 9). */
export const UsersPage = () => <UnderConstruction />;
