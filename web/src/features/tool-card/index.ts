// Public surface of the equipment card feature (the card dialog, the set dialog, the sets list).
export { ToolCardDialog, type ToolCardDialogProps } from './components/tool-card-dialog';
