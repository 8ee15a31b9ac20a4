import { z } from 'zod';
import { toolListFilterSchema } from '../tool/list-filter';
import { RightValue } from '../rights/values';
import { defineReport } from './types';

/**
 * The whole filtered equipment list as a file (equipment.md 2 '/tools'): the list's own filter
 * (domain/tool/list-filter.ts) plus the format; the client first asks
 * 'Список содержит N единиц оборудования. Продолжить?'. The docx reuses the request list's
 * package parts (their table width and columns are filled in per list).
 */
export const toolListReport = defineReport({
  id: 'tool-list',
  title: 'Список оборудования',
  right: { key: 'RIGHT_TOOLS_READ', values: [RightValue.OWN, RightValue.ALL] },
  parameters: z.object({ format: z.enum(['xlsx', 'docx'], { message: 'Неизвестный формат выгрузки' }) }),
  filter: toolListFilterSchema,
  query: 'toolList',
  formats: ['xlsx', 'docx'],
  templates: { docx: 'request-list-docx' },
  fileName: (_parameters, format) => ({ display: `Список оборудования.${format}`, ascii: `tools.${format}` }),
});

/** equipment.md 2: the confirmation before an export. */
export const toolExportConfirmation = (count: number) => `Список содержит ${count} единиц оборудования. Продолжить?`;
