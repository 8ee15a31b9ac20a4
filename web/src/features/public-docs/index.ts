export { PublicDocsScreen } from './components/public-docs-screen';
export { PublicOrderScreen } from './components/public-order-page';
export { PublicOrderMenuItem } from './components/public-order-menu-item';
