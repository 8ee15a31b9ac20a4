import { invalid, notFound } from '../../domain/shared/errors';
import { scopeIncludes, type UnitScope } from '../../domain/rights/scope';
import type { ToolCardFields } from '../../domain/tool/schemas';
import { toolMessages } from '../../domain/tool/schemas';
import { toolMovingEvents } from '../../domain/tool/movings';
import type { WriteContext } from '../context';

/** The write-side unit scope of a caller: RIGHT_TOOLS_READ's units (everything for the system). */
export type ToolWriteScope = UnitScope;

const fail = (field: string, message: string) => invalid(message, { [field]: message });

/**
 * Checks what a card names against the catalogues and units (references through the lookup port):
 * the unit exists and lies in the caller's scope (404 outside it), the kind, manufacturer and model
 * exist and agree, software only for software-updatable kinds and only existing programs, traits of
 * the kind with one of their values, location units and movement events that exist.
 */
export const checkToolReferences = async (w: WriteContext, card: ToolCardFields, scope: ToolWriteScope): Promise<void> => {
  const placeUnits = card.tool_places.map((p) => p.unit_id);
  const units = await w.lookups.networkUnits([card.unit_id, ...placeUnits]);
  const unit = units.get(card.unit_id);
  if (!unit || unit.deleted) throw fail('unit_id', toolMessages.unit);
  if (!scopeIncludes(scope, card.unit_id)) throw notFound('Объект не найден');
  const kind = await w.lookups.toolKind(card.tool_kind_id);
  if (!kind) throw fail('tool_kind_id', toolMessages.kind);
  if (!(await w.lookups.catalogItemExists('manufacturer', card.manufacturer_id))) throw fail('manufacturer_id', toolMessages.manufacturer);
  if (card.model_id !== null) {
    const model = await w.lookups.toolModel(card.model_id);
    if (!model || model.tool_kind_id !== card.tool_kind_id || model.manufacturer_id !== card.manufacturer_id) throw fail('model_id', toolMessages.model);
  }
  if (card.tool_softwares.length > 0) {
    if (!kind.soft_updatable) throw fail('tool_softwares', toolMessages.softwareNotUpdatable);
    for (const id of card.tool_softwares) if (!(await w.lookups.program(id))) throw fail('tool_softwares', 'Программа не найдена');
  }
  if (card.traits.length > 0) {
    const values = await w.lookups.traitValues(card.traits.map((t) => t.tool_trait_id));
    for (const t of card.traits) {
      if (!kind.traits.includes(t.tool_trait_id) || !values.get(t.tool_trait_id)?.includes(t.trait_value_id)) throw fail('traits', toolMessages.trait);
    }
  }
  for (const [i, p] of card.tool_places.entries()) {
    const u = units.get(p.unit_id);
    if (!u || u.deleted) throw fail(`tool_places.${i}.unit_id`, toolMessages.unit);
  }
  for (const [i, m] of card.tool_movings.entries()) {
    const known = toolMovingEvents.some((e) => e.id === m.event_id) || (await w.lookups.catalogItemExists('tool_moving_events', m.event_id));
    if (!known) throw fail(`tool_movings.${i}.event_id`, toolMessages.event);
  }
};
