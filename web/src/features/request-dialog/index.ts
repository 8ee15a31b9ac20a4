export { RequestDialog, type RequestDialogProps, type RequestDialogTab } from './components/request-dialog';
