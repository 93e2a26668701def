export { ContactPage as Component } from '../../features/about/components/contact-page.tsx';
