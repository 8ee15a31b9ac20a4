/**
 * `node --import tsx bench/zod-versions.ts [v3|v3patched|v4]`: a tool card's shape (domain/tool/schemas.ts,
 * ~30 effects) parsed 20,000 times by zod 3 as published, by zod 3 with infrastructure/perf/zod-effects.ts
 * installed, and by `zod/v4` (shipped inside zod 3.25), one variant per process. The figures and what
 * they decided: docs/notes/perf-tricks.md.
 */
import { z as z3 } from 'zod';
import { z as z4 } from 'zod/v4';
import { installZodEffects } from '../infrastructure/perf/zod-effects';

type Z = typeof z3;
type Schema = { parse(value: unknown): unknown };

// Only calls both versions have with the same meaning.
const card = (z: Z): Schema => {
  const str = () => z.string().regex(/^[^<>]*$/, 'tag');
  const optionalText = (max: number) => str().max(max).nullish().transform((v) => v ?? null);
  const id = () => z.preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v), z.number().int().min(1).max(2147483647));
  const orNull = <S extends z3.ZodTypeAny>(s: S) => z.union([z.null(), z.literal(''), s]).optional().transform((v): unknown => (v === '' || v == null ? null : v));
  const isoDate = () => str().regex(/^\d{4}-\d{2}-\d{2}$/).refine((v) => v.length === 10, 'date').nullish().transform((v) => v ?? null);
  const enumOf = (values: number[]) => z.preprocess((v) => (typeof v === 'string' ? Number(v) : v), z.number().refine((v) => values.includes(v), 'enum'));
  const place = z.object({ date_time: isoDate().refine((v) => v !== null, 'd'), unit_id: id(), room: str().trim().min(1).max(99), man_post: optionalText(255), man_fio: optionalText(255) });
  return z
    .object({
      unit_id: id(), tools_set_id: orNull(id()), tool_kind_id: id(), manufacturer_id: id(), model_id: orNull(id()),
      model: str().min(1).max(499), serial_number: str().min(1).max(255).refine((v) => v === v.trim(), 'f'),
      inventar_number: str().max(255).refine((v) => v === v.trim(), 'f').nullish().transform((v) => v || null),
      owner_type_id: orNull(enumOf([1, 2, 3])),
      cost_remain: z.union([z.number(), z.string()]).nullish().transform((v) => (v === '' || v == null ? null : String(v))).refine((v) => v === null || /^\d+([.,]\d{1,2})?$/.test(v), 'c').transform((v) => (v === null ? null : Number(v.replace(',', '.')))),
      exchange_stock: z.union([z.boolean(), z.number(), z.string()]).nullish().transform((v) => v === true || v === 1),
      work_in_dt: isoDate(), guaranty_dt: isoDate(), work_out_dt: isoDate(),
      guaranty_months: orNull(enumOf([3, 6, 12, 24])), state: enumOf([1, 2, 3, 4, 5]),
      buh_name: optionalText(1000), description: optionalText(1000),
      tool_softwares: z.array(id()).max(5000).default([]),
      tool_places: z.array(place).max(1000).default([]),
    })
    .superRefine((t, ctx) => {
      if (!t.inventar_number) ctx.addIssue({ code: 'custom', path: ['inventar_number'], message: 'inv' });
    })
    .transform((t) => ({ ...t }));
};

const value = (i: number) => ({
  unit_id: String(1 + (i % 900)), tools_set_id: '', tool_kind_id: 3, manufacturer_id: 7, model_id: null, model: 'HP LaserJet Pro M404dn', serial_number: `SN${i}`,
  inventar_number: `INV-${i}`, owner_type_id: '1', cost_remain: '1234,50', exchange_stock: 0, work_in_dt: '2024-03-01', guaranty_dt: null, work_out_dt: null,
  guaranty_months: 12, state: '2', buh_name: 'Принтер лазерный', description: null, tool_softwares: [1, 2],
  tool_places: [{ date_time: '2024-03-01', unit_id: 5, room: '101', man_post: null, man_fio: 'Иванов И. И.' }],
});

const time = (label: string, schema: Schema, n = 20_000) => {
  for (let i = 0; i < 3000; i++) schema.parse(value(i));
  const runs: number[] = [];
  for (let r = 0; r < 5; r++) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < n; i++) schema.parse(value(i));
    runs.push(Number(process.hrtime.bigint() - t0) / 1e3 / n);
  }
  runs.sort((a, b) => a - b);
  console.log(`${label}: median ${runs[2]!.toFixed(1)} µs a card (runs ${runs.map((r) => r.toFixed(1)).join(', ')})`);
};

const which = process.argv[2] ?? 'v3';
if (which === 'v3') time('zod 3 as published', card(z3));
if (which === 'v3patched') {
  installZodEffects(true);
  time('zod 3 with infrastructure/perf/zod-effects.ts', card(z3));
}
if (which === 'v4') time('zod/v4', card(z4 as unknown as Z));
