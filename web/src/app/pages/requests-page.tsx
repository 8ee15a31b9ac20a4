import { Suspense, useState } from 'react';
import { DialogLoading } from '@/components';
import { lazyComponent, prefetch } from '@/lib/lazy';
import { useWhenQuiet } from '@/lib/when-quiet';
import { useAppDispatch } from '@/lib/store';
import { requestDialogApi } from '@/features/request-dialog/api/request-dialog-api';
import { RequestListScreen, useListDialog, useListRights, type ListKind } from '@/features/request-list';

// The dialogs are most of the page's code: fetched once the list has shown, so the list does not wait for them.
const RequestDialog = lazyComponent(() => import('@/features/request-dialog').then((m) => m.RequestDialog));
const GroupRequestDialog = lazyComponent(() => import('@/features/request-list/components/group/group-request-dialog').then((m) => m.GroupRequestDialog));

export interface RequestListPageProps {
  readonly list: ListKind;
  readonly title: string;
}

/**
 * A request list with the dialogs its address names: `?open={id}[&tab=…]` the request dialog,
 * `?new=1` a new request, `?group=1` group creation (each only with its right).
 */
export const RequestListPage = ({ list, title }: RequestListPageProps) => {
  const { dialog, openRequest, openNew, saved, close } = useListDialog();
  const rights = useListRights();
  useWhenQuiet(() => prefetch(RequestDialog));
  const dispatch = useAppDispatch();
  // The request is asked for with the click, not after the page and the dialog have rendered for it.
  const open = (id: number) => {
    void dispatch(requestDialogApi.util.prefetch('request', id, {}));
    openRequest(id);
  };
  // A request created here keeps its dialog when the address switches from ?new=1 to ?open={id}.
  const [createdId, setCreatedId] = useState<number | null>(null);

  const requestId = dialog?.kind === 'request' ? dialog.requestId : null;
  const editing = dialog?.kind === 'request' || (dialog?.kind === 'new' && rights.canCreate);
  const dialogKey = dialog?.kind === 'new' || requestId === createdId ? 'created' : `request-${requestId}`;
  const onSaved = (request: { id: number; leaving: boolean }) => {
    // Moving the address now would drop the navigation the user is leaving by.
    if (dialog?.kind !== 'new' || request.leaving) return;
    setCreatedId(request.id);
    saved(request.id);
  };

  return (
    <>
      <RequestListScreen list={list} title={title} onOpenRequest={open} onCreate={openNew} />
      {editing && (
        <Suspense fallback={<DialogLoading onClose={close} />}>
          <RequestDialog
            key={dialogKey}
            requestId={requestId}
            initialTab={dialog?.kind === 'request' ? dialog.tab : undefined}
            onClose={close}
            onSaved={onSaved}
          />
        </Suspense>
      )}
      {dialog?.kind === 'group' && rights.canCreateGroup && (
        <Suspense fallback={<DialogLoading onClose={close} />}>
          <GroupRequestDialog onClose={close} />
        </Suspense>
      )}
    </>
  );
};

/** /requests 'Список заявок' (requests.md 2.1). */
export const RequestsPage = () => <RequestListPage list="requests" title="Список заявок" />;
