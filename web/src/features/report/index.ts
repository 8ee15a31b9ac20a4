export { ReportDialog, type ReportDialogProps } from './components/report-dialog';
export { ReportPreview, ReportChart } from './components/report-preview';
