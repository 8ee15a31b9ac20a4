import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readFile } from 'node:fs/promises';
import { loadRequest, REQUEST_NOT_FOUND } from '../../commands/request/load';
import { signDocument, verifyStored } from '../../commands/signing/signing';
import { revocationTitles } from '../../domain/signing/certificates';
import { verificationNow } from '../../infrastructure/signature/verify-cms';
import type { ActStamp } from '../../domain/act/stamp';
import { hasFull } from '../../domain/rights/rights';
import { scopeIncludes } from '../../domain/rights/scope';
import { signingRightOf } from '../../domain/signing/decider';
import { signerKinds, signerKindTitles, type SignerKind } from '../../domain/signing/events';
import { forbidden, invalid, notFound, refused } from '../../domain/shared/errors';
import { getSignDocument, listSignFiles, regionCodeOf, requestSignFiles, viewOf, type SignDocumentRow } from '../../projections/signing/queries';
import { utcOffsetOfRegion } from '../../domain/signing/region-time';
import { signingServicesOf } from './signing-services';
import type { CurrentUser } from '../auth/current-user';
import type { AppContext } from '../context';
import { renderActCopy } from '../acts/render-copy';
import { ZipStream } from '../export/zip-stream';
import { attachmentDisposition, downloadContentType } from '../http/download';
import { readBody, type UploadLimits } from '../http/multipart';
import { commandContext, idParam, userOf } from '../http/guard';
import { requestCaller } from './request-caller';
import { documented } from '../http/route-registry';
import { signDocIdSchema, signerKindSchema } from '../../domain/signing/events';
import { id } from '../../domain/shared/primitives';

const PAGE_SIZE = 10;
const SIGN_NOT_FOUND = 'Документ на подпись не найден';

/** One detached signature per call; a CMS of an act is a few kilobytes, 1 MB leaves room for long chains. */
const SIGN_LIMITS: UploadLimits = { files: 1, filesMessage: 'Приложите один файл подписи', fileBytes: 1024 * 1024, fileMessage: 'Файл подписи не может быть более 1 мегабайта', totalBytes: 1024 * 1024 };

const signingKindsOf = (user: CurrentUser): SignerKind[] => signerKinds.filter((k) => hasFull(user.rightsObject, signingRightOf[k]));
const isSettingsAdmin = (user: CurrentUser) => hasFull(user.rightsObject, 'RIGHT_SETTINGS');

const flag = (raw: unknown): boolean => raw === true || raw === 'true' || raw === '1';

/** A document the caller may download: an assigned signer, or a reader of its request within their scope. */
const visibleDocument = async (ctx: AppContext, request: FastifyRequest): Promise<SignDocumentRow> => {
  const user = userOf(request);
  const docId = String((request.params as { docId: string }).docId ?? '');
  if (!/^\d{1,10}$/.test(docId)) throw notFound(SIGN_NOT_FOUND);
  const row = await getSignDocument(ctx.pool, docId);
  if (!row) throw notFound(SIGN_NOT_FOUND);
  if ([row.signer_iac, row.signer_unit, row.signer_final].includes(user.id)) return row;
  const { state } = await loadRequest(ctx, row.request_id);
  if (!state.registered || state.deleted || !scopeIncludes(requestCaller(user).readScope, state.unit_id)) throw notFound(SIGN_NOT_FOUND);
  return row;
};

const readAll = async (stream: NodeJS.ReadableStream): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const stampsOf = (row: SignDocumentRow): ActStamp[] =>
  signerKinds.flatMap((kind) => {
    const s = row.signatures[kind];
    return s
      ? [
          {
            role: kind,
            roleTitle: signerKindTitles[kind],
            owner: s.facts.owner,
            serial: s.facts.serial,
            validFrom: s.facts.valid_from,
            validTo: s.facts.valid_to,
            signedAt: s.facts.signed_at,
            utcOffsetMinutes: s.facts.utc_offset_minutes,
            demo: s.facts.demo === true,
          },
        ]
      : [];
  });

/**
 * Electronic signing (decisions 72–86; requests.md 2.4, 6, 8; administration.md 2.10): the documents a
 * signer has to sign, the signature itself (verified before it is stored), the downloads, and the
 * administrator's trusted roots.
 */
export const signingRoutes = (app: FastifyInstance, ctx: AppContext) => {
  app.get('/api/files_for_signers', async (request) => {
    const user = userOf(request);
    const mine = signingKindsOf(user);
    const admin = isSettingsAdmin(user);
    if (mine.length === 0 && !admin) throw forbidden();
    const q = (request.query ?? {}) as Record<string, unknown>;
    const page = Math.max(1, Math.min(100_000, Number.parseInt(String(q.page ?? '1'), 10) || 1));
    const kinds = signerKinds.filter((k) => flag(q[k]));
    // An administrator sees every document, read-only; a signer the documents they are assigned to.
    return listSignFiles(ctx.pool, { userId: admin ? null : user.id, me: user.id, kinds, unsignedOnly: flag(q.unsignedOnly), page, pageSize: PAGE_SIZE });
  });

  app.get('/api/request_sign_documents/:requestId', async (request) => {
    const user = userOf(request);
    const requestId = idParam((request.params as { requestId: string }).requestId);
    const files = await requestSignFiles(ctx.pool, requestId, user.id);
    const assigned = files.some((f) => f.mySignerKinds.length > 0);
    if (!assigned) {
      const { state } = await loadRequest(ctx, requestId);
      if (!state.registered || state.deleted || !scopeIncludes(requestCaller(user).readScope, state.unit_id)) throw notFound(REQUEST_NOT_FOUND);
    }
    return { files };
  });

  app.post('/api/signs', documented({
    multipart: {
      file: { description: 'Файл подписи', file: true },
      docId: { description: 'Документ', schema: signDocIdSchema },
      signerKind: { description: 'Вид подписанта', schema: signerKindSchema },
      signerId: { description: 'Подписант', schema: id() },
      certificate: { description: 'Сертификат' },
    },
  }), async (request) => {
    const user = userOf(request);
    if (signingKindsOf(user).length === 0) throw forbidden();
    const body = await readBody(request, ctx.files, SIGN_LIMITS);
    try {
      const f = body.fields;
      const upload = body.uploads.find((u) => u.field === 'file') ?? body.uploads[0];
      if (!upload) throw invalid('Приложите файл подписи', { file: 'Приложите файл подписи' });
      const kind = String(f.signerKind ?? '') as SignerKind;
      if (!signerKindSchema.safeParse(kind).success) throw invalid('Укажите роль подписанта', { signerKind: 'Укажите роль подписанта' });
      const docId = String(f.docId ?? '');
      if (!signDocIdSchema.safeParse(docId).success) throw notFound(SIGN_NOT_FOUND);
      const signerId = idParam(f.signerId);
      const signature = await readFile(upload.blob.tmpPath);
      const person = { surname: user.surname, name: user.name, patronymic: user.patronymic };
      const utcOffsetMinutes = utcOffsetOfRegion(await regionCodeOf(ctx.pool, user.region_id));
      const r = await signDocument(
        ctx,
        signingServicesOf(ctx),
        { docId, kind, signerId, rights: user.rightsObject, certificate: String(f.certificate ?? ''), signature, person, utcOffsetMinutes },
        commandContext(request),
      );
      await ctx.consistency.afterCommand(user.id, r.position);
      const row = await getSignDocument(ctx.pool, docId);
      return { message: 'Документ подписан', document: row ? viewOf(row, user.id) : null };
    } finally {
      await body.discard();
    }
  });

  app.get('/api/sign_document/:docId/original', async (request, reply) => {
    const row = await visibleDocument(ctx, request);
    if (!(await ctx.files.exists(row.checksum))) throw notFound('Файл не найден');
    reply.header('content-type', downloadContentType(row.file_name));
    reply.header('content-disposition', attachmentDisposition(row.file_name));
    return reply.send(ctx.files.open(row.checksum));
  });

  app.get('/api/sign_document/:docId/archive', async (request, reply) => {
    const row = await visibleDocument(ctx, request);
    if (!(await ctx.files.exists(row.checksum))) throw notFound('Файл не найден');
    const zip = new ZipStream();
    const name = `${row.file_name.replace(/\.[^.]+$/, '')}.zip`;
    reply.header('content-type', 'application/zip');
    reply.header('content-disposition', attachmentDisposition(name, 'document.zip'));
    void (async () => {
      try {
        await zip.add(row.file_name, ctx.files.open(row.checksum));
        for (const kind of signerKinds) {
          const s = row.signatures[kind];
          if (s && (await ctx.files.exists(s.signature_file_id))) await zip.add(`${row.file_name}.${kind}.sig`, [await readAll(ctx.files.open(s.signature_file_id))]);
        }
        await zip.finish();
      } catch (error) {
        zip.stream.destroy(error as Error);
      }
    })();
    return reply.send(zip.stream);
  });

  /**
   * One signature's details: the signer account, the certificate and its chain as verified when it
   * was signed (kept with the signature), the revocation status recorded then, and the verification
   * of the stored signature over the stored original against the trust store as it is now.
   */
  app.get('/api/sign_document/:docId/signatures/:kind', async (request) => {
    const row = await visibleDocument(ctx, request);
    const kind = String((request.params as { kind: string }).kind ?? '') as SignerKind;
    const s = signerKinds.includes(kind) ? row.signatures[kind] : undefined;
    if (!s) throw notFound('Подпись не найдена');
    const services = signingServicesOf(ctx);
    let now: { ok: boolean; message: string; revocation: string | null };
    if (!(await ctx.files.exists(s.signature_file_id))) now = { ok: false, message: 'Файл подписи не найден', revocation: null };
    else {
      const signature = new Uint8Array(await readAll(ctx.files.open(s.signature_file_id)));
      const prepared = await verifyStored(ctx, services, signature, row.checksum, new Date());
      const result = await verificationNow({ ...prepared.input, receiving: false });
      now = result.ok
        ? { ok: true, message: 'Подпись верна', revocation: `${revocationTitles[result.verified.revocation.status]}${result.verified.revocation.detail ? ` (${result.verified.revocation.detail})` : ''}` }
        : { ok: false, message: result.message, revocation: null };
    }
    const f = s.facts;
    return {
      kind,
      kindTitle: signerKindTitles[kind],
      signer: { id: s.signer_id, name: row.names[String(s.signer_id)] ?? '' },
      certificate: { owner: f.owner, serial: f.serial, thumbprint: f.thumbprint, issuer: f.issuer, valid_from: f.valid_from, valid_to: f.valid_to, algorithm: f.algorithm, snils: f.snils ?? null },
      chain: f.chain ?? null,
      signedAt: f.signed_at,
      utcOffsetMinutes: f.utc_offset_minutes ?? null,
      demo: f.demo === true,
      revocation: { status: f.revocation, title: revocationTitles[f.revocation], detail: f.revocation_detail ?? null },
      verifiedNow: now,
    };
  });

  app.get('/api/sign_document/:docId/stamped', async (request, reply) => {
    const row = await visibleDocument(ctx, request);
    const copy = await renderActCopy(ctx, row.doc_id, stampsOf(row));
    // A hand-uploaded document has no template to render from: no stamped copy (docs/decisions.md).
    if (!copy) throw refused('Копия со штампом подписи есть только у актов, сформированных по шаблону');
    const name = row.file_name.replace(/(\.docx)?$/i, '_signed.docx');
    reply.header('content-type', downloadContentType(name));
    reply.header('content-disposition', attachmentDisposition(name));
    return reply.send(copy);
  });

};
