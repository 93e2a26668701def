export { LoginPage as Component } from '../../features/session/components/login-page.tsx';
