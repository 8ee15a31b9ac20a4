import { hasFull } from '../../domain/rights/rights';
import type { RequestCaller } from '../../commands/request/caller';
import { scopeOf, type CurrentUser } from '../auth/current-user';

export const requestCaller = (user: CurrentUser): RequestCaller => ({
  actor: { userId: user.id, rights: user.rightsObject, fio: user.fio, ...(user.email ? { email: user.email } : {}) },
  readScope: scopeOf(user, 'RIGHT_REQUEST_READ'),
  createScope: scopeOf(user, 'RIGHT_REQUEST_CREATE'),
  canViewCost: hasFull(user.rightsObject, 'RIGHT_VIEW_COST'),
});
