export { ConfirmDelete, type ConfirmDeleteProps } from './confirm-delete';
export { DataTable, type DataColumn, type DataTableProps, type RowDelete, type RowMarks } from './data-table';
export { DialogFooter, EditDialog, type DialogFooterProps, type EditDialogProps } from './edit-dialog';
export { FilterSelect, type FilterSelectProps } from './filter-select';
export { ListScreen, type ListScreenProps } from './list-screen';
