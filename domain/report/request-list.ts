import { z } from 'zod';
import { requestListFilterSchema } from '../request/list-filter';
import { RightValue } from '../rights/values';
import { defineReport } from './types';

/**
 * The whole filtered request list as a file (requests.md 2.1): its dialog is the list's own
 * filter (domain/request/list-filter.ts, parsed as the list parses it) plus the format.
 */
export const requestListReport = defineReport({
  id: 'request-list',
  title: 'Список заявок',
  right: { key: 'RIGHT_REQUEST_READ', values: [RightValue.OWN, RightValue.ALL] },
  parameters: z.object({ format: z.enum(['xlsx', 'docx'], { message: 'Неизвестный формат выгрузки' }) }),
  filter: requestListFilterSchema,
  query: 'requestList',
  formats: ['xlsx', 'docx'],
  templates: { docx: 'request-list-docx' },
  fileName: (_parameters, format) => ({ display: `Список заявок.${format}`, ascii: `requests.${format}` }),
});
