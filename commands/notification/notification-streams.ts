import type { NotificationEvent } from '../../domain/notification';
import type { Decider } from '../../domain/shared/decider';

/**
 * The `notifications-{id}` and `inbox-{userId}` streams hold facts their handler has already
 * checked (against the request's stream and the users' accounts); nothing in the streams constrains
 * the next event, so the decision is the event itself and the state is empty.
 */
export const notificationStreams: Decider<null, NotificationEvent, NotificationEvent> = {
  initialState: () => null,
  evolve: () => null,
  decide: (_state, event) => [event],
};
