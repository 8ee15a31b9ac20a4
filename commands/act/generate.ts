import { Readable } from 'node:stream';
import {
  actDataSchema,
  actTextError,
  buildActData,
  defaultActText,
  type ActTool,
  type SignerRole,
} from '../../domain/act/data';
import { actDateMessages, generateActSchema, type GenerateActInput } from '../../domain/act/generate';
import { signerCandidates, signerErrors, type SignerCandidates } from '../../domain/act/signers';
import { signersCountOf, templateKindOf } from '../../domain/act/templates';
import { contractData } from '../../domain/act/contracts';
import { actFileName, actNumber } from '../../domain/request/acts';
import { ActKind, learningTypeTitles, type LearningType } from '../../domain/request/enums';
import { requestStreamId } from '../../domain/request/events';
import { requestDecider } from '../../domain/request/decider';
import { generateActRefusal } from '../../domain/request/generate-act';
import type { RequestDocument, RequestState } from '../../domain/request/state';
import { forbidden, invalid, notFound, refused } from '../../domain/shared/errors';
import type { CommandContext } from '../../domain/shared/events';
import { renderDocx } from '../../infrastructure/docx-template';
import { fileRefOf, type FileStore } from '../../infrastructure/files/file-store';
import { claimUnique, releaseUnique } from '../../infrastructure/unique-values';
import { handleCommand } from '../handle-command';
import type { RequestCaller } from '../request/caller';
import { loadVisible, STALE_REQUEST, type RequestOutcome, type RequestWriteContext } from '../request/load';
import type { ActLookupPort, ActUnit } from './lookup-port';
import { currentTemplate } from './templates';
import { parseOrThrow } from '../../domain/shared/validation';

export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const ACT_NUMBER_SCOPE = 'act_number';

export interface ActWriteContext extends RequestWriteContext {
  readonly files: FileStore;
  readonly actLookups: ActLookupPort;
}

// The shared parser: Russian texts for zod's own issues (a number where the signers object belongs…).
const parseInput = (raw: unknown): GenerateActInput => parseOrThrow(generateActSchema, raw);

/** The request's unit and the signer candidates of its region. */
export const candidatesFor = async (w: ActWriteContext, state: RequestState): Promise<{ unit: ActUnit; candidates: SignerCandidates }> => {
  const unit = state.unit_id != null ? await w.actLookups.unit(state.unit_id as number) : null;
  if (!unit) throw notFound('Объект заявки не найден');
  const users = await w.actLookups.regionSigners(unit.regionId);
  return { unit, candidates: signerCandidates(users, unit) };
};

/** GET /api/act_signer_candidates/{requestId}: the signer candidates for the act dialogs. */
export const actSignerCandidates = async (w: ActWriteContext, caller: RequestCaller, requestId: number): Promise<SignerCandidates> => {
  const { state } = await loadVisible(w, caller, requestId);
  return (await candidatesFor(w, state)).candidates;
};

/** The default text of an act dialog (the equipment line comes from the request's tool). */
export const actDefaults = async (w: ActWriteContext, caller: RequestCaller, requestId: number, kind: ActKind) => {
  const { state } = await loadVisible(w, caller, requestId);
  const tools = await w.actLookups.tools(state.tool_id != null ? [state.tool_id as number] : []);
  return { actText: defaultActText(kind, state, state.tool_id != null ? tools.get(state.tool_id as number) ?? null : null) };
};

/**
 * The next act number of its kind for the court code and year: counted in the write side's id
 * counters and claimed in unique_values (never read from a read model), so two acts never share
 * a number even when generated at once.
 */
const claimNumber = async (w: ActWriteContext, kind: ActKind, vncode: string, year: number, requestId: number) => {
  for (;;) {
    const n = await w.ids.next(`act:${kind}:${vncode}:${year}`);
    const text = kind === ActKind.LEARNING ? String(n) : actNumber(kind, vncode, n, year);
    const value = `${kind}|${vncode}|${year}|${n}`;
    const owner = `request-${requestId}`;
    if ((await claimUnique(w.pool, ACT_NUMBER_SCOPE, value, owner)).ok)
      return { n, text, release: () => releaseUnique(w.pool, ACT_NUMBER_SCOPE, value, owner) };
  }
};

/**
 * POST /api/request_act: checks everything (rights and scope, the act's preconditions, the date,
 * the act text, the signers), claims the act number, renders the template, stores the file and
 * appends RequestActGenerated through the request decider. A refusal leaves no file and no event
 * (a number claimed before a late refusal is released).
 */
export const generateAct = async (w: ActWriteContext, caller: RequestCaller, raw: unknown, context: CommandContext): Promise<RequestOutcome & { document: RequestDocument }> => {
  const input = parseInput(raw);
  const kind = input.actKind;
  const loaded = await loadVisible(w, caller, input.requestId);
  const { state } = loaded;
  const refusal = generateActRefusal(state, { actor: caller.actor, act_kind: kind });
  if (refusal) throw refusal.kind === 'forbidden' ? forbidden(refusal.message) : refused(refusal.message);

  const requestDay = state.request_date_add ? String(state.request_date_add).slice(0, 10) : null;
  if (requestDay && input.actDate < requestDay) {
    const message = actDateMessages.beforeRequest(`${requestDay.slice(8, 10)}.${requestDay.slice(5, 7)}.${requestDay.slice(0, 4)}`);
    throw invalid(message, { actDate: message });
  }
  const signersCount = signersCountOf(kind, input.signersCount as 2 | 3);
  const { unit, candidates } = await candidatesFor(w, state);
  const chosen = input.signers;
  const errors = signerErrors(signersCount, chosen, candidates);
  if (errors) {
    const first = Object.values(errors)[0]!;
    throw invalid(first, Object.fromEntries(Object.entries(errors).map(([role, m]) => [`signers.${role}`, m])));
  }
  const toolIds = [...(state.tool_id != null ? [state.tool_id as number] : []), ...state.tools_commissioning.map((t) => t.tool_id)];
  const tools = await w.actLookups.tools(toolIds);
  const tool: ActTool | null = state.tool_id != null ? tools.get(state.tool_id as number) ?? null : null;
  const actText = input.actText ?? defaultActText(kind, state, tool);
  const textError = actTextError(kind, actText, tool);
  if (textError) throw invalid(textError, { actText: textError });
  const person = (role: SignerRole) => {
    const id = chosen[role];
    const c = id == null ? undefined : candidates[role].find((x) => x.id === id);
    return c ? { name: c.name, post: c.post } : undefined;
  };
  const signers = Object.fromEntries((['iac', 'unit', 'final'] as const).flatMap((r) => (person(r) ? [[r, person(r)!]] : [])));
  const templateKind = templateKindOf(kind, signersCount);
  const template = await currentTemplate(w, templateKind);
  const learningKind = kind === ActKind.LEARNING && state.learning_type_id != null ? learningTypeTitles[state.learning_type_id as LearningType] ?? '' : '';

  const branchSpares = kind === ActKind.CO_8 ? await w.actLookups.branchSpares(input.requestId) : [];
  const year = Number(input.actDate.slice(0, 4));
  const number = await claimNumber(w, kind, unit.vncode, year, input.requestId);
  let staged: Awaited<ReturnType<FileStore['stage']>> | null = null;
  try {
    const data = actDataSchema.parse(
      buildActData({
        kind, signersCount, number: number.text, date: input.actDate, actText, request: state, place: unit.place, tools,
        spares: branchSpares, showCosts: caller.canViewCost, engineer: caller.actor.fio ?? '', signers, learningKind,
      }),
    );
    contractData(templateKind, data);
    const bytes = renderDocx(template.bytes, { ...data, stamps: [] });
    staged = await w.files.stage(Readable.from([bytes]));
    const fileName = actFileName(kind, { vncode: unit.vncode, number: number.n, year, date: input.actDate, request: state.number ?? null });
    const document: RequestDocument = {
      ...fileRefOf(await w.ids.next('file'), fileName, DOCX_MIME, staged),
      act_kind: kind,
      sign_type: input.signType,
      signers_count: signersCount,
      signers: input.signType === 'electron' ? { iac: chosen.iac ?? null, unit: chosen.unit ?? null, final: signersCount === 3 ? chosen.final ?? null : null } : null,
      act_number: number.text,
      act_date: input.actDate,
      added_manually: false,
    };
    const appended = await handleCommand(
      w.store,
      requestDecider,
      requestStreamId(input.requestId),
      {
        type: 'GenerateAct',
        actor: caller.actor,
        act_kind: kind,
        document,
        number: number.text,
        date: input.actDate,
        template: { kind: template.kind, version: template.version, checksum: template.checksum },
        data,
      },
      context,
      { known: loaded, retries: 2, staleMessage: STALE_REQUEST },
    );
    await w.files.commit([staged]);
    staged = null;
    return { id: input.requestId, position: appended.position, after: { state: appended.state, revision: appended.revision }, document };
  } catch (error) {
    if (staged) await w.files.discard([staged]);
    await number.release();
    throw error;
  }
};
