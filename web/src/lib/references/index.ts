export {
  catalogNames,
  referencesApi,
  useCatalogQuery,
  useOrganizationsQuery,
  useOwnUnitsQuery,
  useUnitsQuery,
  type CatalogItem,
  type Organization,
  type Unit,
} from './api/references-api';
export { usePreloadReferences } from './hooks/use-preload-references';
export { catalogItemTitle, useCatalogTitle, useOrganizationName } from './hooks/use-reference-titles';
