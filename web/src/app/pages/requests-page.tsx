import { useMemo, useState, type ReactNode } from 'react';
import { catalogItemTitle, useCatalogQuery, useUnitsQuery } from '@/lib/references';
import { RequestDialog } from '@/features/request-dialog';
import {
  GroupRequestDialog,
  ListReferencesProvider,
  RequestListScreen,
  useListDialog,
  useListRights,
  type ListKind,
  type ListReferences,
} from '@/features/request-list';

/** The reference data of the list's filter and group dialogs, read from the references feature. */
const RequestListReferences = ({ children }: { readonly children: ReactNode }) => {
  const { data: regions } = useCatalogQuery('regions');
  const { data: programs } = useCatalogQuery('programs');
  const { data: toolKinds } = useCatalogQuery('tool_kind');
  const { data: units } = useUnitsQuery();
  const value = useMemo<ListReferences>(
    () => ({
      regions: (regions ?? []).map((r) => ({ id: r.id, title: catalogItemTitle('regions', r) })),
      programs: (programs ?? []).map((p) => ({ id: p.id, title: catalogItemTitle('programs', p), type: Number(p.type) })),
      toolKinds: (toolKinds ?? []).map((k) => ({ id: k.id, title: catalogItemTitle('tool_kind', k) })),
      units: (units ?? []).map((u) => ({ id: u.id, title: u.name, region_id: u.region_id })),
    }),
    [regions, programs, toolKinds, units],
  );
  return <ListReferencesProvider value={value}>{children}</ListReferencesProvider>;
};

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
    <RequestListReferences>
      <RequestListScreen list={list} title={title} onOpenRequest={openRequest} onCreate={openNew} />
      {editing && (
        <RequestDialog
          key={dialogKey}
          requestId={requestId}
          initialTab={dialog?.kind === 'request' ? dialog.tab : undefined}
          onClose={close}
          onSaved={onSaved}
        />
      )}
      {dialog?.kind === 'group' && rights.canCreateGroup && <GroupRequestDialog onClose={close} />}
    </RequestListReferences>
  );
};

/** /requests 'Список заявок' (requests.md 2.1). */
export const RequestsPage = () => <RequestListPage list="requests" title="Список заявок" />;
