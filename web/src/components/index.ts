export { AppDialog, type AppDialogProps } from './app-dialog';
export { AttachedFiles, type AttachedFilesProps } from './attached-files';
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
export { DateInput, type DateInputProps } from './date-input';
export { DialogLoading } from './dialog-loading';
export { DebouncedTextField, type DebouncedTextFieldProps } from './debounced-text-field';
export { FullScreenSpinner } from './full-screen-spinner';
export { TablePager, type TablePagerProps } from './table-pager';
export { ListScreenHeader, type ListScreenHeaderProps } from './list-screen-header';
export { MomentBanner, type MomentBannerProps } from './moment-banner';
export { PastMoment, usePastMoment } from './past-moment';
export {
  ConfirmDelete,
  DataTable,
  DialogFooter,
  EditDialog,
  FilterSelect,
  ListScreen,
  type ConfirmDeleteProps,
  type DataColumn,
  type DataTableProps,
  type DialogFooterProps,
  type EditDialogProps,
  type FilterSelectProps,
  type ListScreenProps,
  type RowDelete,
} from './list-screen';
export { ChangeHistoryTable, groupChanges, SHOW_MOMENT, type ChangeGroup, type ChangeRow } from './change-history';
