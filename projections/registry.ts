import type { Projection } from '../infrastructure/projection';
import { catalogProjection } from './catalog/projection';
import { organizationsProjection } from './organization/projection';
import { rolesProjection } from './role/projection';
import { usersProjection } from './user/projection';
import { toolsProjection } from './tool/list/projection';
import { requestsProjection } from './request/list/projection';
import { requestCommentsProjection } from './request/comments/projection';
import { requestFilesProjection } from './request/files/projection';
import { notificationsProjection } from './notification/projection';
import { innerRequestProjection } from './inner-request/projection';
import { toolHistoryProjection } from './tool/history/projection';
import { auditProjection } from './audit/projection';
import { signDocumentsProjection } from './signing/projection';
import { newsProjection } from './news/projection';
import { manualProjection } from './manual/projection';
import { inventoryProjection } from './inventory/projection';

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
  innerRequestProjection,
  toolHistoryProjection,
  auditProjection,
  signDocumentsProjection,
  newsProjection,
  manualProjection,
  inventoryProjection,
];
