export { AppDialog, type AppDialogProps } from './app-dialog';
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
export { DateInput, type DateInputProps } from './date-input';
export { DebouncedTextField, type DebouncedTextFieldProps } from './debounced-text-field';
export { FullScreenSpinner } from './full-screen-spinner';
export { TablePager, type TablePagerProps } from './table-pager';
export { ListScreenHeader, type ListScreenHeaderProps } from './list-screen-header';
export { MomentBanner, type MomentBannerProps } from './moment-banner';
