export { catalogScreenOf, type CatalogScreenView, type ScreenColumn, type ScreenField } from './model/catalog-screens';
export { catalogAt, catalogPages, type CatalogPage } from './model/catalog-pages';
export { CatalogScreen } from './components/catalog-screen';
