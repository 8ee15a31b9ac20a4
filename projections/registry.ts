import type { Projection } from '../infrastructure/projection';
import { catalogProjection } from './catalog/projection';
import { organizationsProjection } from './organizations/projection';
import { rolesProjection } from './roles/projection';
import { usersProjection } from './users/projection';
import { toolsProjection } from './tools/projection';
import { requestsProjection } from './requests/projection';
import { requestCommentsProjection } from './request-comments/projection';
import { requestFilesProjection } from './request-files/projection';
import { notificationsProjection } from './notifications/projection';
import { toolHistoryProjection } from './tool-history/projection';

/** Every read model the application keeps; the runner builds and rebuilds them from the log. */
export const allProjections = (): Projection[] => [
  catalogProjection,
  organizationsProjection,
  rolesProjection,
  usersProjection,
  toolsProjection,
  requestsProjection,
  requestCommentsProjection,
  requestFilesProjection,
  notificationsProjection,
  toolHistoryProjection,
];
