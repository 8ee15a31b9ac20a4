import { sql } from 'slonik';
import { actDataSchema, rolesOf, type ActRenderData } from '../../domain/act/data';
import { stampRows, stampsByRole, type ActStamp } from '../../domain/act/stamp';
import { isActTemplateKind } from '../../domain/act/templates';
import type { RequestEventMap } from '../../domain/request/events';
import { requestStreamId } from '../../domain/request/events';
import { templateByChecksum } from '../../commands/act/templates';
import { renderDocx } from '../../infrastructure/docx-template';
import type { AppContext } from '../context';

type Generated = RequestEventMap['RequestActGenerated'];

/** The generation event of a document: its request is found through the files read model, the event in the request's own stream. */
export const actGenerationOf = async (ctx: Pick<AppContext, 'pool' | 'store'>, fileId: string): Promise<Generated | null> => {
  const requestId = await ctx.pool.maybeOneFirst(sql.unsafe`
    SELECT request_id FROM rm_request_files WHERE section = 'documents' AND file_id = ${fileId} LIMIT 1`);
  if (requestId == null) return null;
  const events = await ctx.store.readStream(requestStreamId(Number(requestId)));
  const found = events.find((e) => e.type === 'RequestActGenerated' && (e.data as Generated).document.file_id === fileId);
  return found ? (found.data as Generated) : null;
};

/**
 * A copy of a generated act with one visible stamp per signature (ГОСТ Р 7.0.97-2016), rendered
 * from the same template version and data the act was generated from, so it differs from the
 * signed original only by the stamps: in the built-in templates each stamp takes its signer's
 * signature place in the signer table (the signers are in role order, as `rolesOf` lists them);
 * an uploaded template may print the list instead. Null when the document was not generated from a
 * template (a hand upload) or its template version is no longer stored.
 */
export const renderActCopy = async (ctx: AppContext, fileId: string, stamps: readonly ActStamp[]): Promise<Buffer | null> => {
  const generated = await actGenerationOf(ctx, fileId);
  if (!generated || !isActTemplateKind(generated.template.kind)) return null;
  const template = await templateByChecksum(ctx, generated.template.kind, generated.template.checksum);
  if (!template) return null;
  const data = actDataSchema.parse(generated.data);
  const byRole = stampsByRole(stamps);
  const roles = rolesOf(data.signers_count);
  const render: ActRenderData = { ...data, signers: data.signers.map((s, i) => ({ ...s, stamp: byRole[roles[i]!] ?? null })), stamps: stampRows(stamps) };
  return renderDocx(template, render);
};
