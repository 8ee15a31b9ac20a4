import type { FastifyInstance } from 'fastify';
import { GENERATED_MESSAGE } from '../../domain/act/generate';
import { actTemplateTitles, isActTemplateKind, templateMessages } from '../../domain/act/templates';
import { actKindValues, type ActKind } from '../../domain/request/enums';
import { RightValue } from '../../domain/rights/values';
import { invalid, notFound } from '../../domain/shared/errors';
import { actDefaults, actSignerCandidates, generateAct, type ActWriteContext } from '../../commands/act/generate';
import { listTemplates, uploadTemplate } from '../../commands/act/templates';
import { actLookups } from '../../projections/act/lookups';
import type { AppContext } from '../context';
import { commandContext, idParam, requireRight, userOf } from '../http/guard';
import { readBody, withUploads } from '../http/multipart';
import { requestCaller } from './request-caller';
import { requestViewOf } from './request-queries';
import { documented } from '../http/route-registry';
import { generateActSchema } from '../../domain/act/generate';
import { actTemplateKindSchema } from '../../domain/act/templates';

const MB = 1024 * 1024;
const TEMPLATE_LIMITS = { files: 1, filesMessage: 'Не более 1 файла', fileBytes: 10 * MB, fileMessage: 'Размер шаблона не может быть более 10 мегабайт', totalBytes: 10 * MB };

/** Acts from Word templates (decisions 72–86): generation, signer candidates, template versions. */
export const actRoutes = (app: FastifyInstance, ctx: AppContext) => {
  const w: ActWriteContext = { ...ctx, log: ctx.log, actLookups: actLookups(ctx.pool) };

  /** The act dialogs' start: signer candidates per role and the default act text of the kind. */
  app.get('/api/act_signer_candidates/:id', async (request) => {
    const user = requireRight(request, 'RIGHT_REQUEST_EDIT', RightValue.FULL);
    const id = idParam((request.params as { id: string }).id);
    const caller = requestCaller(user);
    const candidates = await actSignerCandidates(w, caller, id);
    const kind = (request.query as { actKind?: string }).actKind;
    const actText = kind && actKindValues.includes(kind as ActKind) ? (await actDefaults(w, caller, id, kind as ActKind)).actText : null;
    return { ...candidates, actText };
  });

  app.post('/api/request_act', documented({ body: generateActSchema }), async (request) => {
    const user = requireRight(request, 'RIGHT_REQUEST_EDIT', RightValue.FULL);
    const outcome = await generateAct(w, requestCaller(user), request.body, commandContext(request));
    ctx.consistency.recordWrite(user.id, outcome.position);
    return { message: GENERATED_MESSAGE, document: outcome.document, savedRequest: await requestViewOf(ctx, outcome.after, user) };
  });

  app.get('/api/act_templates', async (request) => {
    requireRight(request, 'RIGHT_SETTINGS', RightValue.FULL);
    const templates = await listTemplates(ctx);
    return { templates: templates.map((t) => ({ ...t, title: actTemplateTitles[t.kind] })) };
  });

  app.post('/api/act_templates/:kind', documented({ params: { kind: actTemplateKindSchema }, multipart: { file: { description: 'Шаблон акта (docx)', file: true } } }), async (request) => {
    const user = requireRight(request, 'RIGHT_SETTINGS', RightValue.FULL);
    const kind = (request.params as { kind: string }).kind;
    if (!isActTemplateKind(kind)) throw notFound(templateMessages.unknownKind);
    const body = await readBody(request, ctx.files, TEMPLATE_LIMITS);
    return withUploads(body, async () => {
      const file = body.uploads[0];
      if (!file) throw invalid(templateMessages.notDocx, { file: templateMessages.notDocx });
      const result = await uploadTemplate(ctx, { userId: user.id, rights: userOf(request).rightsObject }, kind, file, commandContext(request));
      ctx.consistency.recordWrite(user.id, result.position);
      const current = result.state.current;
      return { message: templateMessages.uploaded(actTemplateTitles[kind], current?.version ?? 1), template: current };
    });
  });
};
