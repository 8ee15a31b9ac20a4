// Public surface of the equipment card feature (the card dialog, the set dialog, the sets list).
export { ToolCardDialog, type ToolCardDialogProps } from './components/tool-card-dialog';
export { ToolsSetDialog, type ToolsSetDialogProps } from './components/set/tools-set-dialog';
export { ToolsSetsScreen, type ToolsSetsScreenProps } from './components/sets-list/tools-sets-screen';
