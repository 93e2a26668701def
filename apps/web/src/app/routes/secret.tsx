export { SecretScreen as Component } from '../../features/about/components/not-found-screen.tsx';
