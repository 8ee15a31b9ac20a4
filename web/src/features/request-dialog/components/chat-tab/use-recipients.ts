import { useRequestRecipientsQuery, type Recipient } from '../../api/request-dialog-api';
import type { RequestView } from '../../api/types';

export type { Recipient };

/**
 * Whom a message may notify, as the server lists them (domain/request/recipients.ts): the
 * executors, the registered contact, the author and the branch's engineers and dispatchers of the
 * request's region who may see it; not the writer.
 */
export const useRecipients = (view: RequestView): readonly Recipient[] => useRequestRecipientsQuery(view.id).data ?? [];
