import type { ToolsSetFields } from '../tool/events';
import type { ImportedTool, RowError } from './validate';

export interface PlannedSet {
  readonly set: ToolsSetFields;
  readonly tools: readonly ImportedTool[];
}

export interface ImportPlan {
  readonly sets: readonly PlannedSet[];
  /** Tools outside any set. */
  readonly singles: readonly ImportedTool[];
}

/**
 * Groups valid rows into sets by inventory number (equipment.md 4): rows sharing a real number form
 * one set when any of them names a set kind; placeholder numbers ('б/н', 'нет', '-', empty) never
 * group. A group of several rows without a set kind, or with two different kinds, is an error of
 * its rows. The set takes the first row's ownership and accounting name (or "<kind> <number>" when
 * that is shorter than a set's name may be) and the earliest commissioning date.
 */
export const planImport = (
  tools: readonly ImportedTool[],
  unitId: number,
  setKindTitle: (id: number) => string,
  /** Inventory numbers of rows that already have errors: their group is not judged again (no cascade). */
  invalidInventories: ReadonlySet<string> = new Set(),
): { plan: ImportPlan; errors: RowError[] } => {
  const errors: RowError[] = [];
  const groups = new Map<string, ImportedTool[]>();
  const singles: ImportedTool[] = [];
  for (const t of tools) {
    if (t.noInventory) {
      singles.push(t);
      continue;
    }
    const list = groups.get(t.inventar);
    if (list) list.push(t);
    else groups.set(t.inventar, [t]);
  }
  const sets: PlannedSet[] = [];
  for (const [inventar, rows] of groups) {
    const kinds = [...new Set(rows.map((r) => r.setKindId).filter((k): k is number => k !== null))];
    if (invalidInventories.has(inventar)) continue;
    if (kinds.length === 0) {
      if (rows.length === 1) singles.push(rows[0]!);
      else
        for (const r of rows)
          errors.push({ row: r.row, column: 'Вид комплекта', message: `не указан вид комплекта для строк с инвентарным номером «${inventar}»` });
      continue;
    }
    if (kinds.length > 1) {
      for (const r of rows) errors.push({ row: r.row, column: 'Вид комплекта', message: `разные виды комплекта у строк с инвентарным номером «${inventar}»` });
      continue;
    }
    const first = rows[0]!;
    const kindId = kinds[0]!;
    const name = first.card.buh_name && first.card.buh_name.length >= 6 ? first.card.buh_name : `${setKindTitle(kindId)} ${inventar}`.padEnd(6, '.');
    const dates = rows.map((r) => r.card.work_in_dt).filter((d): d is string => !!d).sort();
    sets.push({
      set: { unit_id: unitId, inventar_number: inventar, type_id: kindId, owner_type_id: first.card.owner_type_id ?? 2, buh_name: name.slice(0, 1000), work_in_dt: dates[0] ?? null },
      tools: rows,
    });
  }
  singles.sort((a, b) => a.row - b.row);
  return { plan: { sets, singles }, errors };
};
