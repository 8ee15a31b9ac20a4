import { ContactKind, PerformerKind } from '../../domain/request/enums';
import type { FileRef } from '../../domain/request/state';
import { groupRequestSchema, parseOrThrow } from '../../domain/request/validation';
import { hasFull } from '../../domain/rights/rights';
import { scopeIncludes } from '../../domain/rights/scope';
import type { CommandContext } from '../../domain/shared/events';
import { forbidden, invalid } from '../../domain/shared/errors';
import type { Position } from '../../infrastructure/eventstore/port';
import { latest } from '../context';
import type { RequestCaller } from './caller';
import type { RequestWriteContext } from './load';
import { unitInfo } from './lookups';
import { registerRequest } from './register';

/**
 * Group creation (RIGHT_MULTIPLE_REQUESTS): one request per chosen unit, with an unknown contact
 * carrying the caller's name and e-mail and the same attachments. Units outside the caller's
 * create scope are refused before anything is written.
 */
export const createRequestGroup = async (
  w: RequestWriteContext,
  caller: RequestCaller,
  input: { units_ids: unknown; request_text: unknown; request_kind_id?: unknown; attachments: FileRef[] },
  context: CommandContext,
): Promise<{ ids: number[]; position: Position | null }> => {
  if (!hasFull(caller.actor.rights, 'RIGHT_MULTIPLE_REQUESTS')) throw forbidden();
  const parsed = parseOrThrow(groupRequestSchema, {
    units_ids: Array.isArray(input.units_ids) ? input.units_ids.map(Number) : [],
    request_text: typeof input.request_text === 'string' ? input.request_text : '',
  });
  const units = [];
  for (const unitId of [...new Set(parsed.units_ids)]) {
    const unit = await unitInfo(w, unitId);
    if (!unit) throw invalid('Объект не найден', { units_ids: 'Укажите объекты' });
    if (!scopeIncludes(caller.createScope, unit.id)) throw forbidden('Нет прав на создание заявок для этого объекта');
    units.push(unit);
  }
  // The unknown contact of each request is the caller, and an unknown contact needs an e-mail.
  if (!caller.actor.email)
    throw invalid('Для создания группы заявок укажите e-mail в своей учетной записи', { units_ids: 'Для создания группы заявок укажите e-mail в своей учетной записи' });
  // 'Задача' unless the dialog chose a kind: the spec's group dialog has no kind field.
  const kind = Number(input.request_kind_id) || 8;
  const created: number[] = [];
  let position: Position | null = null;
  for (const unit of units) {
    const r = await registerRequest(w, caller, {
      request: {
        region_id: unit.region_id,
        unit_id: unit.id,
        request_kind_id: kind,
        request_performer_kind: PerformerKind.FILIAL,
        contact_kind: ContactKind.STRANGER,
        contact_unknown_name: caller.actor.fio ?? '',
        contact_unknown_email: caller.actor.email ?? '',
        request_text: parsed.request_text,
      },
      attachments: input.attachments,
      group: true,
    }, context);
    created.push(r.id);
    position = latest(position, r.position);
  }
  return { ids: created, position };
};

