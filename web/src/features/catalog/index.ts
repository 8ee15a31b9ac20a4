export { catalogScreenOf, type CatalogScreenView, type ScreenColumn, type ScreenField } from './model/catalog-screens';
