import { useMemo } from 'react';
import { ContactKind } from '@domain/request/enums';
import { selectCurrentUser } from '@/lib/session';
import { useAppSelector } from '@/lib/store';
import type { RequestView } from '../../api/types';

export interface Recipient {
  readonly id: number;
  readonly fio: string;
  /** Why they are offered: executor, contact, author. */
  readonly roles: readonly string[];
}

/** Whom a message may notify: the executors, the registered contact and the author; not the writer. */
export const useRecipients = (view: RequestView): Recipient[] => {
  const me = useAppSelector(selectCurrentUser);
  return useMemo(() => {
    const out = new Map<number, { fio: string; roles: string[] }>();
    const add = (id: number | null | undefined, fio: string | null | undefined, role: string) => {
      if (id == null || id === me?.id) return;
      const entry = out.get(id) ?? { fio: fio ?? `№ ${id}`, roles: [] };
      entry.roles.push(role);
      out.set(id, entry);
    };
    for (const e of view.engineers) add(e.id, e.fio, 'исполнитель');
    if (view.contact_kind === ContactKind.FROM_IAC) add(view.contact_id, view.contact_fio, 'контактное лицо');
    if (view.registered_by) add(view.registered_by.id, view.registered_by.fio, 'автор заявки');
    return [...out.entries()].map(([id, e]) => ({ id, fio: e.fio, roles: e.roles }));
  }, [view, me]);
};
