import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import { installZodEffects, zodEffectsInstalled, zodEffectsParse, zodEffectsPrototype } from '../../../../infrastructure/perf/zod-effects';
import { toolSchema } from '../../../../domain/tool/schemas';
import { requestSchema } from '../../../../domain/request/validation';
import { RequestStatus } from '../../../../domain/request/enums';
import { ruErrorMap } from '../../../../domain/shared/validation';

/** A parse's outcome as data: a ZodError carries per-instance functions. */
const plain = (x: unknown): unknown =>
  JSON.parse(JSON.stringify(x, (_k, v: unknown) => (v instanceof z.ZodError ? { issues: v.issues } : v === undefined ? '<undefined>' : v)) ?? 'null');

// The server's entry points install it (installServerTricks); this file installs it itself.
installZodEffects(true);

/** The same parse with zod's own ZodEffects._parse. */
const withZods = <T>(f: () => T): T => {
  const fast = zodEffectsPrototype._parse;
  zodEffectsPrototype._parse = zodEffectsParse;
  try {
    return f();
  } finally {
    zodEffectsPrototype._parse = fast;
  }
};

const same = (schema: z.ZodTypeAny, value: unknown) => {
  const ours = schema.safeParse(value, { errorMap: ruErrorMap });
  const zods = withZods(() => schema.safeParse(value, { errorMap: ruErrorMap }));
  expect(plain(ours)).toEqual(plain(zods));
};

// Every kind of effect, its issues fatal or not, over inner schemas that pass, fail their checks
// (dirty) or fail their type (aborted), nested so that paths matter.
const effects = z.object({
  pre: z.preprocess((v, ctx) => {
    if (v === 'bad') ctx.addIssue({ code: 'custom', message: 'плохо' });
    if (v === 'fatal') ctx.addIssue({ code: 'custom', message: 'совсем плохо', fatal: true });
    return typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
  }, z.number().int().min(0, 'не меньше нуля')).optional(),
  refined: z.string().max(4, 'длинно').refine((v) => !v.includes('x'), 'без x').optional(),
  checked: z
    .array(z.number())
    .superRefine((v, ctx) => {
      if (v.length > 2) ctx.addIssue({ code: 'custom', path: [2], message: 'три' });
      if (v.some((n) => n < 0)) ctx.addIssue({ code: 'custom', message: 'минус', fatal: true });
    })
    .transform((v) => v.length)
    .optional(),
  // A preprocess that warns but hands on a good value: the transform after it must not run.
  warned: z
    .preprocess((v, ctx) => {
      if (v === 'bad') ctx.addIssue({ code: 'custom', message: 'предупреждение' });
      return typeof v === 'number' ? v : 1;
    }, z.number())
    .transform((v, ctx) => {
      ctx.addIssue({ code: 'custom', message: 'после' });
      return v;
    })
    .optional(),
  shaped: z
    .string()
    .transform((v, ctx) => {
      if (v === '') {
        ctx.addIssue({ code: 'custom', path: ctx.path.length ? [] : ['x'], message: 'пусто' });
        return z.NEVER;
      }
      return v.toUpperCase();
    })
    .optional(),
});

const value = fc.oneof(
  fc.constantFrom<unknown>(undefined, null, '', 'bad', 'fatal', '12', 'x', 'abcde', -1, 3, 1.5, [1, 2, 3], [-1], []),
  fc.string({ maxLength: 6 }),
  fc.integer({ min: -3, max: 3 }),
  fc.array(fc.integer({ min: -2, max: 2 }), { maxLength: 4 }),
);

describe('ZodEffects parsed without a fresh getter object per call (infrastructure/perf/zod-effects.ts)', () => {
  it('is installed here, and PERF_ZOD_EFFECTS=0 or PERF_TRICKS=0 keeps zod\'s own parse', () => {
    expect(zodEffectsInstalled()).toBe(true);
    for (const off of ['PERF_ZOD_EFFECTS', 'PERF_TRICKS']) {
      const before = process.env[off];
      process.env[off] = '0';
      try {
        installZodEffects();
        expect(zodEffectsInstalled()).toBe(false);
        expect(zodEffectsPrototype._parse).toBe(zodEffectsParse);
      } finally {
        if (before === undefined) delete process.env[off];
        else process.env[off] = before;
        installZodEffects(true);
      }
    }
  });

  it('gives the values, issues, paths and order zod gives, for every kind of effect (property)', () => {
    fc.assert(
      fc.property(fc.record({ pre: value, refined: value, checked: value, warned: value, shaped: value }, { requiredKeys: [] }), (v) => same(effects, v)),
      { numRuns: 1000 },
    );
  });

  it('the tool card and the request form: valid and broken inputs alike', () => {
    const card = {
      unit_id: 5, tools_set_id: null, tool_kind_id: 1, manufacturer_id: 2, model_id: 3, model: 'ProDesk', serial_number: 'SN-1', inventar_number: 'ИНВ-1',
      owner_type_id: 2, cost_remain: '45000,5', exchange_stock: '1', work_in_dt: '2020-01-31', guaranty_dt: null, work_out_dt: null, guaranty_months: 12,
      state: 1, buh_name: 'Основное средство', description: '', tool_softwares: ['4'], traits: [], tool_places: [], tool_movings: [],
    };
    const broken: Array<Record<string, unknown>> = [
      {}, { cost_remain: '1.234' }, { serial_number: ' SN' }, { work_in_dt: '2999-01-01' }, { guaranty_months: 5 }, { unit_id: 'x', state: 99 },
      { traits: [{ tool_trait_id: 1 }, { tool_trait_id: 1 }] }, { work_in_dt: null, state: 2 },
    ];
    const tool = toolSchema('2026-11-28');
    same(tool, card);
    for (const b of broken) same(tool, { ...card, ...b });
    const request = requestSchema({ now: '2026-11-28T10:00:00Z', status: RequestStatus.UNDEFINED });
    same(request, { region_id: 3, unit_id: 120, request_kind_id: 8, request_performer_kind: 'FILIAL', contact_kind: 1, contact_id: 55, request_text: 'Текст' });
    same(request, { region_id: 'x', request_kind_id: 99, create_dt: '2026-13-01', works: [{}] });
  });

  it('an asynchronous parse keeps zod\'s own path', async () => {
    const ours = await effects.safeParseAsync({ pre: 'bad', refined: 'xx', checked: [1, 2, 3], shaped: '' });
    const zods = await withZods(() => effects.safeParseAsync({ pre: 'bad', refined: 'xx', checked: [1, 2, 3], shaped: '' }));
    expect(plain(ours)).toEqual(plain(zods));
    expect(ours.success).toBe(false);
  });
});
