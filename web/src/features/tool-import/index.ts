/** The Excel import of equipment (decisions 48–56): the dialog the /tools page opens for `?import=1`. */
export { ToolImportDialog, type ToolImportDialogProps } from './components/tool-import-dialog';
export { useImportParam } from './hooks/use-import-param';
