/**
 * The request lists (requests.md 2.1, 2.2, 2.3) and group creation (2.5): two configurations of the
 * registry kit (components/registry-list). The pages in app/pages compose them with the request dialog.
 */
export { RequestListScreen, type RequestListScreenProps } from './components/request-list-screen';
export { GroupRequestDialog } from './components/group/group-request-dialog';
export { useListDialog } from './hooks/use-list-dialog';
export { useListRights } from './hooks/use-list-rights';
export type { ListDialog, RequestDialogTab } from './model/dialog-params';
export type { ListKind } from './model/filter';
