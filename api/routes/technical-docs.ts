import { createReadStream } from 'node:fs';
import { copyFile, mkdir, open, readdir, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'slonik';
import { signerCandidates } from '../../domain/act/signers';
import {
  documentMessages,
  type documentParametersSchema,
  findTechnicalDocument,
  ksaCodeOf,
  templateFileOf,
} from '../../domain/report/technical/documents';
import type { ReportDefinition } from '../../domain/report/types';
import { publicDocMessages, isPdfHead, publicDocName } from '../../domain/report/technical/public-docs';
import { RightValue } from '../../domain/rights/values';
import { scopeIncludes } from '../../domain/rights/scope';
import { formatDate, isCalendarDate } from '../../domain/shared/dates';
import { dataCallParameters } from '../../domain/report/court/data-calls';
import { reportMessages } from '../../domain/report/court/parameters';
import { invalid, notFound } from '../../domain/shared/errors';
import { actLookups } from '../../projections/act/lookups';
import { requestsFormular, toolsForPassport, toolsForPassportWithSoftware } from '../../projections/report/technical-queries';
import type { AppContext } from '../context';
import { scopeOf } from '../auth/current-user';
import { parseFilter, requireRight, userOf } from '../http/guard';
import { readBody } from '../http/multipart';
import type { ReportJobInput } from '../jobs/report';
import { documented } from '../http/route-registry';

const MB = 1024 * 1024;
const PDF_LIMITS = { files: 1, filesMessage: 'Не более 1 файла', fileBytes: 50 * MB, fileMessage: 'Размер файла не может быть более 50 мегабайт', totalBytes: 50 * MB };

/**
 * One object's checks, shared by the document dialog's calls, the data calls and the document jobs
 * (api/routes/report.ts): the caller may read requests (OWN or ALL) and the object lies within that
 * scope (else 404), and the signer candidates of the object (equipment.md 6).
 */
export const objectDocuments = (ctx: AppContext) => {
  const lookups = actLookups(ctx.pool);

  const unitInScope = async (request: FastifyRequest, rawId: unknown) => {
    const user = requireRight(request, 'RIGHT_REQUEST_READ', RightValue.OWN, RightValue.ALL);
    const id = Number(rawId);
    if (!Number.isInteger(id) || id <= 0 || id > 2147483647) throw notFound(documentMessages.unitMissing);
    const unit = await lookups.unit(id);
    if (!unit || !scopeIncludes(scopeOf(user, 'RIGHT_REQUEST_READ'), id)) throw notFound(documentMessages.unitMissing);
    return unit;
  };

  const candidatesOf = async (unit: { id: number; organizationId: number; regionId: number }) => {
    const c = signerCandidates(await lookups.regionSigners(unit.regionId), unit);
    return { iac: c.iac, unit: c.unit };
  };

  /**
   * A technical document's job from its dialog's body: the document's own right, its parameters
   * (object, two signers, a year of the last 10), the object in the caller's scope and signers of that
   * object; then what the template prints of the object and the signers, and the file's name.
   */
  const documentJob = async (request: FastifyRequest, report: ReportDefinition, body: unknown): Promise<ReportJobInput> => {
    const spec = report.objectDocument;
    const doc = findTechnicalDocument(report.id);
    if (!spec || !doc) throw notFound(documentMessages.unknown);
    const user = requireRight(request, report.right.key, ...report.right.values);
    const parsed = (report.parameters as ReturnType<typeof documentParametersSchema>).safeParse(body ?? {});
    if (!parsed.success) {
      const errors = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? 'parameters'), i.message]));
      throw invalid(parsed.error.issues[0]?.message ?? documentMessages.unit, errors);
    }
    const p = parsed.data;
    const unit = await unitInScope(request, p.unit_id);
    const candidates = await candidatesOf(unit);
    const errors: Record<string, string> = {};
    if (!candidates.iac.some((c) => c.id === p.iac_signer_id)) errors.iac_signer_id = documentMessages.notCandidate;
    if (!candidates.unit.some((c) => c.id === p.unit_signer_id)) errors.unit_signer_id = documentMessages.notCandidate;
    if (Object.keys(errors).length) throw invalid(documentMessages.notCandidate, errors);
    const iac = candidates.iac.find((c) => c.id === p.iac_signer_id)!;
    const signer = candidates.unit.find((c) => c.id === p.unit_signer_id)!;
    return {
      userId: user.id,
      reportId: report.id,
      title: report.title,
      fileName: report.fileName(p, 'docx', { vncode: unit.vncode }),
      document: {
        spec,
        unitId: unit.id,
        year: p.year,
        template: templateFileOf(doc.id, ksaCodeOf(unit.vncode)),
        fields: {
          branch: unit.place.branch,
          court_name: unit.place.court,
          unit_name: unit.place.unit,
          unit_address: unit.place.unitAddress,
          region: unit.place.region,
          vncode: unit.vncode,
          date: formatDate(new Date().toISOString().slice(0, 10)),
          iac_post: iac.post,
          iac_name: iac.name,
          unit_signer_post: signer.post,
          unit_signer_name: signer.name,
        },
      },
    };
  };

  return { unitInScope, candidatesOf, documentJob };
};

/**
 * Technical documents of the menu 'Документация' (decisions 87–96): the dialog's objects (the caller's
 * request-read scope) and signers, the data calls of equipment.md 7, and the public documents folder
 * (four PDF orders) an administrator fills. The documents themselves are report registry entries
 * started by POST /api/reports/{id} and built by the report job (api/routes/report.ts).
 */
export const technicalDocRoutes = (app: FastifyInstance, ctx: AppContext) => {
  const publicDir = path.join(ctx.config.dataDir, 'public_docs');
  const { unitInScope, candidatesOf } = objectDocuments(ctx);

  app.get('/api/technical_docs/units', async (request) => {
    const user = requireRight(request, 'RIGHT_REQUEST_READ', RightValue.OWN, RightValue.ALL);
    const scope = scopeOf(user, 'RIGHT_REQUEST_READ');
    const rows = await ctx.pool.any(sql.unsafe`
      SELECT u.id, COALESCE(NULLIF(u.vncode, ''), o.vncode) AS vncode, concat_ws(', ', o.name, u.name) AS title
      FROM rm_units u JOIN rm_organizations o ON o.id = u.organization_id
      WHERE NOT o.deleted ${scope.all ? sql.fragment`` : sql.fragment`AND u.id = ANY(${sql.array(scope.unitIds, 'int4')})`}
      ORDER BY 3, 1`);
    return { units: rows.map((r) => ({ id: Number(r.id), vncode: String(r.vncode ?? ''), title: String(r.title) })) };
  });

  /** Branch and unit signer candidates of the object (equipment.md 6). */
  app.get('/api/technical_docs/signers/:unitId', async (request) => {
    const unit = await unitInScope(request, (request.params as { unitId: string }).unitId);
    return candidatesOf(unit);
  });

  // The data calls of equipment.md 7: the same queries the documents read, as JSON. Query parameters
  // by the spec (unit_id, or the documented unitId); requests_formular also as a JSON path segment.
  const unitOfQuery = (request: FastifyRequest) => dataCallParameters(request.query as Record<string, unknown>, true).unit_id;
  app.get('/api/tools_for_passport', async (request) => {
    const unit = await unitInScope(request, unitOfQuery(request));
    return { tools: await toolsForPassport(ctx.pool, unit.id) };
  });
  app.get('/api/tools_for_passport_with_sofware', async (request) => {
    const unit = await unitInScope(request, unitOfQuery(request));
    return toolsForPassportWithSoftware(ctx.pool, unit.id);
  });
  const formular = async (request: FastifyRequest, q: Record<string, unknown>) => {
    const unit = await unitInScope(request, q.unit_id);
    const isoDay = (v: unknown) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && isCalendarDate(v);
    if (!isoDay(q.date_beg)) throw invalid(reportMessages.dateFormat, { date_beg: reportMessages.dateFormat });
    if (!isoDay(q.date_end)) throw invalid(reportMessages.dateFormat, { date_end: reportMessages.dateFormat });
    return { requests: await requestsFormular(ctx.pool, unit.id, String(q.date_beg), String(q.date_end)) };
  };
  app.get('/api/requests_formular', async (request) => formular(request, dataCallParameters(request.query as Record<string, unknown>, true)));
  app.get('/api/requests_formular/:json', async (request) =>
    formular(request, dataCallParameters(parseFilter((request.params as { json: string }).json), false)));

  // The public documents folder (administration.md 2.3): any signed-in user reads, the administrator fills.
  app.get('/api/public_docs', async (request) => {
    userOf(request);
    const names = (await readdir(publicDir).catch(() => [] as string[])).filter((n) => publicDocName(n) === n).sort();
    return { docs: names };
  });

  app.get('/api/public_docs/:name', async (request, reply) => {
    userOf(request);
    const name = publicDocName((request.params as { name: string }).name);
    const file = name ? path.join(publicDir, name) : null;
    const s = file ? await stat(file).catch(() => null) : null;
    if (!file || !s?.isFile()) throw notFound(publicDocMessages.missing);
    // Inline: the menu opens the order in a new tab.
    return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(name!)}`).send(createReadStream(file));
  });

  app.post('/api/public_docs', documented({ multipart: { file: { description: 'Приказ (PDF)', file: true }, name: { description: 'Имя файла (по умолчанию — имя загруженного)' } } }), async (request) => {
    requireRight(request, 'RIGHT_SETTINGS', RightValue.FULL);
    const body = await readBody(request, ctx.files, PDF_LIMITS);
    try {
      const upload = body.uploads[0];
      if (!upload) throw invalid(publicDocMessages.notPdf, { file: publicDocMessages.notPdf });
      const fieldName = typeof body.fields.name === 'string' ? body.fields.name : upload.name;
      const name = publicDocName(fieldName);
      if (!name) throw invalid(publicDocMessages.badName, { name: publicDocMessages.badName });
      const head = Buffer.alloc(5);
      const fh = await open(upload.blob.tmpPath, 'r');
      try {
        await fh.read(head, 0, 5, 0);
      } finally {
        await fh.close();
      }
      if (!isPdfHead(head)) throw invalid(publicDocMessages.notPdf, { file: publicDocMessages.notPdf });
      await mkdir(publicDir, { recursive: true });
      // Copied (the staged file may live on another disk); the staged upload is discarded below either way.
      // Through a .part file, so a reader never sees half an order.
      const part = path.join(publicDir, `${name}.part`);
      await copyFile(upload.blob.tmpPath, part);
      await rename(part, path.join(publicDir, name));
      return { message: publicDocMessages.uploaded(name), name };
    } finally {
      await body.discard();
    }
  });
};
