import { sql } from 'slonik';
import { actSignerCandidates, generateAct, type ActWriteContext } from '../../commands/act/generate';
import { saveRequest } from '../../commands/request/save';
import { ActKind, InspectionAfter, InspectionBefore } from '../../domain/request/enums';
import type { CommandContext } from '../../domain/shared/events';
import type { Position } from '../../infrastructure/eventstore/port';
import { actLookups } from '../../projections/act/lookups';
import type { AppContext } from '../context';
import type { DemoUser } from './demo-world';
import { settle } from './settle';

/** The kinds tried on a performing request, in turn: the first whose preconditions the request meets is generated. */
const KINDS = [ActKind.CO_8, ActKind.CO_7, ActKind.CO_41, ActKind.CO_3, ActKind.CO_13] as const;

/**
 * Generated acts on a few performing Moscow requests of the Басманный court (decisions 72–86), through the real
 * generation command as the engineer: electronic ones signed by three different people (branch `signer`,
 * object `signer_unit`, final `admin`) so the signers have documents waiting, and one on paper.
 * A request whose state meets no act's preconditions is skipped (the living demo is random).
 */
export const seedDemoActs = async (ctx: AppContext, engineer: DemoUser, at: (user: DemoUser) => CommandContext, limit = 4): Promise<Position | null> => {
  const w: ActWriteContext = { ...ctx, log: ctx.log, actLookups: actLookups(ctx.pool) };
  const ids = new Map(
    (await ctx.pool.any(sql.unsafe`SELECT login, id FROM rm_users WHERE login = ANY(${sql.array(['signer', 'signer_unit', 'admin'], 'text')})`)).map(
      (r) => [String(r.login), Number(r.id)] as const,
    ),
  );
  const signers = { iac: ids.get('signer'), unit: ids.get('signer_unit'), final: ids.get('admin') };
  const unitSigner = await ctx.pool.maybeOne(sql.unsafe`SELECT units FROM rm_users WHERE login = 'signer_unit'`);
  const units = ((unitSigner?.units as number[] | null) ?? []).map(Number);
  if (!signers.iac || !signers.unit || !signers.final || units.length === 0) return null;
  const requests = await ctx.pool.anyFirst(sql.unsafe`
    SELECT id FROM rm_requests WHERE NOT deleted AND request_status_id = 3 AND unit_id = ANY(${sql.array(units, 'int4')}) ORDER BY id LIMIT 40`);
  let last: Position | null = null;
  let made = 0;
  for (const id of requests) {
    if (made >= limit) break;
    const candidates = await actSignerCandidates(w, engineer.caller, Number(id)).catch(() => null);
    if (!candidates?.unit.some((c) => c.id === signers.unit)) continue;
    const electron = made < limit - 1;
    // The engineer records the hot line number and the inspection after repair first (the СО-8 act's precondition), as in the dialog;
    // a request whose kind has no such fields refuses and is tried with the other kinds as it is.
    await saveRequest(ctx, engineer.caller, Number(id), {
      request: { hotlinegas_number: `ГЛ-${at(engineer).now.slice(2, 4)}-${String(900_000 + Number(id)).padStart(6, '0')}`, view_res_before: InspectionBefore.REPAIR_NEEDED, view_res_after: InspectionAfter.WORKING, comment_after: 'Заменён узел, проверка под нагрузкой пройдена.' },
      revision: null,
    }, at(engineer)).catch(() => null);
    // The act's preconditions are read from the read models: they have the save first.
    await settle(ctx);
    for (const actKind of KINDS) {
      const body = {
        requestId: Number(id), actKind, actDate: at(engineer).now.slice(0, 10), signersCount: 3,
        signType: electron ? 'electron' : 'paper', signers,
      };
      const outcome = await generateAct(w, engineer.caller, body, at(engineer)).catch(() => null);
      if (!outcome) continue;
      last = outcome.position ?? last;
      made++;
      await settle(ctx);
      break;
    }
  }
  return last;
};
