/**
 * The registry-list kit: one screen for the big lists (the request lists, the equipment list, and
 * the next one). A list configures `RegistryListScreen` with its heading, a `RegistryTableConfig`
 * (columns, row id, name, data attributes, tint), a filter (a fields component of
 * FilterSections built from the kit's controls, its chips and their clear action), its page and
 * export calls (registryPageQuery, registryExport) and its row buttons (RowAction); its dialogs live
 * in the address (useAddressDialog). What every registry gets is added here once: the table's look
 * in registry-table.tsx and cell-text.tsx (every cell's words pass through CellText), the rows'
 * density (density.ts: compact one-line rows or wrapped ones, the user's choice), view controls
 * in RegistryToolbar, selection keyed by the config's rowId. The lighter administration lists use
 * components/list-screen instead.
 */
export { RegistryListScreen, type RegistryFilter, type RegistryListScreenProps } from './registry-list-screen';
export type { RegistryTableConfig } from './registry-table-config';
export { RegistryTable, type RegistryTableProps } from './registry-table';
export { OPEN_AFTER_CLICK_MS } from './use-row-open';
export { CellText, ClampedText, OneLineText } from './cell-text';
export { Highlighted } from './search-highlight';
export type { RegistrySearch } from './search-field';
export { DENSITY_TITLES, useRegistryDensity, type Density } from './density';
export { DensityToggle } from './density-toggle';
export { RowAction, type RowActionProps } from './row-action';
export { FilterRow, FilterSection, FilterSections, RegistryFilterDialog, type RegistryFilterDialogProps } from './filter-dialog';
export { ActiveFilters, activeCount, type ActiveFiltersProps } from './active-filters';
export { ExportMenu, type ExportMenuProps } from './export-menu';
export { keepUnitsOfRegion, namesOf, optionsOf, titleOf, unitsOfRegion } from './options';
export { useCatalogOptions, useScopeUnits } from './use-filter-options';
export { idParam, withoutParams, withParams } from './address-dialog';
export { useAddressDialog } from './use-address-dialog';
export { filterPath, registryExport, registryPageQuery, type RegistryExportArgs, type RegistryExportResult } from './api';
export * from './fields';
export type { CellLayout, ExportFormat, FilterChip, Option, RegistryColumn, RegistryPage, RowTint, UnitOption } from './types';
