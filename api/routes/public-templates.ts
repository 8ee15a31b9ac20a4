import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { findPublicTemplate, publicTemplateMessages, type PublicTemplate } from '../../domain/report/public-templates';
import { notFound } from '../../domain/shared/errors';
import { currentTemplate } from '../../commands/act/templates';
import type { AppContext } from '../context';
import { attachmentDisposition } from '../http/download';
import { requireRight } from '../http/guard';
import { requestListTable } from '../export/request-export';
import { contentTypes, writeTableDocx } from '../export/table-file';
import { toolListTable } from '../export/tool-export';
import { ZipStream } from '../export/zip-stream';

const TECHNICAL = new URL('../../templates/technical/', import.meta.url);

/** A list export's Word template: the package the export streams its rows into, with no rows yet. */
const exportTemplate = async (list: 'requests' | 'tools'): Promise<Buffer> => {
  const zip = new ZipStream();
  const chunks: Buffer[] = [];
  zip.stream.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => zip.stream.on('end', resolve).on('error', reject));
  const none = (async function* () {})();
  if (list === 'requests') await writeTableDocx(zip, none, requestListTable, '');
  else await writeTableDocx(zip, none, toolListTable, '');
  await ended;
  return Buffer.concat(chunks);
};

const bytesOf = async (ctx: AppContext, t: PublicTemplate): Promise<Buffer> => {
  switch (t.source.kind) {
    case 'act':
      return (await currentTemplate(ctx, t.source.act)).bytes;
    case 'technical':
      return readFile(new URL(t.source.file, TECHNICAL));
    case 'export':
      return exportTemplate(t.source.list);
  }
};

/**
 * GET /public/templates/{name} (requests.md 7, equipment.md 7): a template in use, read-only, for a
 * signed-in user holding the right of what it produces; an unknown name is 404 with a Russian
 * message (never the client's page).
 */
export const publicTemplateRoutes = (app: FastifyInstance, ctx: AppContext) => {
  app.get('/public/templates/:name', async (request, reply) => {
    const t = findPublicTemplate((request.params as { name: string }).name);
    if (!t) throw notFound(publicTemplateMessages.notFound);
    requireRight(request, t.right.key, ...t.right.values);
    const bytes = await bytesOf(ctx, t);
    return reply
      .type(contentTypes.docx)
      .header('cache-control', 'private, no-cache')
      .header('content-disposition', attachmentDisposition(`${t.name}.docx`))
      .send(bytes);
  });
};
