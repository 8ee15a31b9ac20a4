import { OutboxScreen } from '@/features/outbox';

/** /outbox: outgoing mail and hot line calls (decisions 68–71). */
export const OutboxPage = () => <OutboxScreen />;
