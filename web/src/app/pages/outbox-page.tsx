import { OutboxScreen } from '@/features/outbox';

/** /outbox: outgoing mail and hot line calls (issue 14). */
export const OutboxPage = () => <OutboxScreen />;
