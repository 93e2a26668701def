export { AuthCallback as Component } from '../../features/session/components/auth-callback.tsx';
