export { UsersPage } from '../../features/users/components/users-page.tsx';
