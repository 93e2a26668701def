export { NotFoundScreen as NotFound } from '../../features/about/components/not-found-screen.tsx';
