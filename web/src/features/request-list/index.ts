/**
 * The request lists (requests.md 2.1, 2.2, 2.3) and group creation (2.5). The pages in app/pages
 * compose them with the request dialog and hand in the reference data (ListReferencesProvider).
 */
export { RequestListScreen, type RequestListScreenProps } from './components/request-list-screen';
export { GroupRequestDialog } from './components/group/group-request-dialog';
export { useListDialog } from './hooks/use-list-dialog';
export { useListRights } from './hooks/use-list-rights';
export { ListReferencesProvider, type ListReferences, type Option, type ProgramOption, type UnitOption } from './model/references';
export type { ListDialog, RequestDialogTab } from './model/dialog-params';
export type { ListKind } from './model/filter';
