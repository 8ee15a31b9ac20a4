import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { Suspense, useState, type ReactNode } from 'react';
import { PAGE_SIZE } from '@/config/constants';
import { lazyComponent } from '@/lib/lazy';
import { TablePager } from '../table-pager';
import { ActiveFilters, activeCount } from './active-filters';
import { useRegistryDensity } from './density';
import { DensityToggle } from './density-toggle';
import { ExportMenu, type ExportMenuProps } from './export-menu';
import type { RegistryTableConfig } from './registry-table-config';
import { RegistryTable } from './registry-table';
import { RegistryToolbar, type RegistryToolbarProps } from './registry-toolbar';
import { SearchHighlightContext } from './search-highlight';
import type { FilterChip, RegistryPage } from './types';

// Fetched at the dialog's first opening: it is not part of a list's first screen (web/build/budgets.ts).
const RegistryFilterDialog = lazyComponent(() => import('./filter-dialog').then((m) => m.RegistryFilterDialog));

/** The filter of a registry screen: its dialog's fields and the chips of what is chosen. */
export interface RegistryFilter<Clear> {
  /** The dialog's title ('Фильтр заявок'). */
  readonly title: string;
  /** The dialog's fields: a component rendering FilterSections of FilterSection (mounted from the dialog's first opening; it may be lazy). */
  readonly fields: ReactNode;
  readonly chips: readonly FilterChip<Clear>[];
  readonly onClear: (clear: Clear) => void;
  readonly onReset: () => void;
}

export interface RegistryListScreenProps<Row, Clear> {
  /** The title and count as the list's spec words them. */
  readonly heading: ReactNode;
  readonly table: RegistryTableConfig<Row>;
  readonly filter: RegistryFilter<Clear>;
  /** The page shown (undefined before the first answer). */
  readonly data: RegistryPage<Row> | undefined;
  /** The page asked for, 1-based. */
  readonly page: number;
  readonly onPageChange: (page: number) => void;
  /** A search is under way (or about to be sent): the count is not known yet. */
  readonly loading: boolean;
  readonly onOpen: (row: Row) => void;
  /** A row's buttons; absent when the user may use none. */
  readonly renderActions?: (row: Row) => ReactNode;
  readonly exporting: Pick<ExportMenuProps, 'onExport' | 'busy' | 'confirmText'>;
  readonly create?: RegistryToolbarProps['create'];
  /** The search field above the table; its words are marked in the long-text cells. */
  readonly search?: RegistryToolbarProps['search'];
  readonly toolbarExtra?: ReactNode;
  /** The row dialogs (delete, change number). */
  readonly children?: ReactNode;
}

/**
 * A registry screen (the request lists, the equipment list): the toolbar, the filter's chips, the
 * table with 20 rows a page, its pager and the filter dialog. A list is a configuration of it: its
 * heading, table config, filter fields and chips, queries and row buttons. What every registry gets
 * (a table density, a search field whose terms join the chips, row selection) is added here once.
 */
export const RegistryListScreen = <Row, Clear>(props: RegistryListScreenProps<Row, Clear>) => {
  const { heading, table, filter, data, page, onPageChange, loading, onOpen, renderActions, exporting, create, search, toolbarExtra, children } = props;
  const [filterOpen, setFilterOpen] = useState(false);
  // Mounted from its first opening on: a list's fields may load lazily (their pickers are much of a list's code).
  const [filterMounted, setFilterMounted] = useState(false);
  if (filterOpen && !filterMounted) setFilterMounted(true);
  const itemsCount = loading ? null : (data?.itemsCount ?? null);
  const [density, setDensity] = useRegistryDensity();
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack spacing={1.5}>
        <RegistryToolbar
          heading={heading}
          activeFilters={activeCount(filter.chips)}
          onFilter={() => setFilterOpen(true)}
          exportMenu={<ExportMenu {...exporting} itemsCount={itemsCount} />}
          extra={toolbarExtra}
          create={create}
          search={search}
          densityToggle={<DensityToggle value={density} onChange={setDensity} />}
        />
        <ActiveFilters chips={filter.chips} onClear={filter.onClear} onReset={filter.onReset} />
        <SearchHighlightContext value={search?.value.trim() ?? ''}>
          <RegistryTable
            config={table}
            rows={data?.rows ?? []}
            // Rows of the previous page stay while the next one loads: number them by their own page.
            firstIndex={((data?.pageNumber ?? page) - 1) * PAGE_SIZE + 1}
            loading={loading}
            onOpen={onOpen}
            renderActions={renderActions}
            density={density}
          />
        </SearchHighlightContext>
        {data && <TablePager page={page} pagesCount={data.pagesCount} onPageChange={onPageChange} />}
      </Stack>
      {filterMounted && (
        <Suspense fallback={null}>
          <RegistryFilterDialog open={filterOpen} title={filter.title} itemsCount={itemsCount} onReset={filter.onReset} onClose={() => setFilterOpen(false)}>
            {filter.fields}
          </RegistryFilterDialog>
        </Suspense>
      )}
      {children}
    </Box>
  );
};
