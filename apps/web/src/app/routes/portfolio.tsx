export { PortfolioPage as Component } from '../../features/about/components/portfolio-page.tsx';
