export { LabelDialog, type LabelDialogProps } from './label-dialog';
