/**
 * A valid value for a JSON schema of the OpenAPI document (the subset zod-to-json-schema emits for our
 * zod schemas: object, array, string with lengths/format/pattern, integer/number with bounds, boolean,
 * null, enum, const, anyOf/oneOf/allOf, nullable). The fuzzer starts each body from it and mutates one
 * value at a time, so the payload shapes come from the document, not from a hand list.
 *
 * Deterministic on purpose: the baseline is one valid call; fast-check (seeded) does the varying.
 * `known` gives existing ids by property name (region_id, requestId…): a body naming rows that exist
 * reaches the deeper rules instead of stopping at "not found".
 */
export type JsonSchema = {
  readonly type?: string | readonly string[];
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly items?: JsonSchema;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number | boolean;
  readonly exclusiveMaximum?: number | boolean;
  readonly format?: string;
  readonly pattern?: string;
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly default?: unknown;
  readonly nullable?: boolean;
  readonly anyOf?: readonly JsonSchema[];
  readonly oneOf?: readonly JsonSchema[];
  readonly allOf?: readonly JsonSchema[];
};

export type KnownValue = (property: string) => unknown;

const today = () => new Date().toISOString().slice(0, 10);

/** Strings tried against a `pattern` (the patterns our schemas use: digits, dates, codes, words). */
const patternCandidates = (): string[] => ['1', '12345', today(), `${today()}T10:00:00Z`, 'Проверка', 'ABC', 'abc', 'a'.repeat(40), '0'.repeat(40)];

const stringOf = (s: JsonSchema): string => {
  if (s.format === 'date') return today();
  if (s.format === 'date-time') return `${today()}T10:00:00.000Z`;
  if (s.format === 'email') return 'check@courts.example.ru';
  if (s.pattern) {
    const re = new RegExp(s.pattern, 'u');
    const found = patternCandidates().find((c) => re.test(c) && c.length >= (s.minLength ?? 0) && c.length <= (s.maxLength ?? Infinity));
    if (found !== undefined) return found;
  }
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? 60;
  // Long enough for the texts that ask for a few words (a request's text, a comment), within the bounds.
  const text = 'Проверка по описанию API: не включается принтер в кабинете 12';
  return text.slice(0, Math.max(Math.min(max, text.length), min)).padEnd(min, 'я');
};

const numberOf = (s: JsonSchema, integer: boolean): number => {
  const exclusiveMin = typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum : s.exclusiveMinimum === true && s.minimum !== undefined ? s.minimum : undefined;
  let v = exclusiveMin !== undefined ? exclusiveMin + 1 : s.minimum !== undefined ? s.minimum : 1;
  if (s.maximum !== undefined && v > s.maximum) v = s.maximum;
  return integer ? Math.ceil(v) : v;
};

const typesOf = (s: JsonSchema): string[] => (s.type === undefined ? [] : typeof s.type === 'string' ? [s.type] : [...s.type]);

export const sampleOf = (schema: JsonSchema, known: KnownValue = () => undefined, property = '', depth = 0): unknown => {
  if (depth > 12) return null;
  const byName = property ? known(property) : undefined;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return byName !== undefined && schema.enum.includes(byName) ? byName : schema.enum[0];
  if (schema.allOf?.length) return Object.assign({}, ...schema.allOf.map((s) => sampleOf(s, known, property, depth + 1)) as object[]);
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) {
    // The first option that is neither null nor the empty choice ('' of a form): the richer value reaches more of the route.
    const option = options.find((o) => !typesOf(o).includes('null') && o.const !== '' && !(o.enum?.length === 1 && o.enum[0] === '')) ?? options[0]!;
    return sampleOf(option, known, property, depth + 1);
  }
  const types = typesOf(schema).filter((t) => t !== 'null');
  const type = types[0];
  if (byName !== undefined && (type === 'integer' || type === 'number' || type === 'string')) return type === 'string' ? String(byName) : byName;
  if (type === 'object' || (!type && schema.properties)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(schema.properties ?? {})) out[k] = sampleOf(v, known, k, depth + 1);
    return out;
  }
  if (type === 'array') {
    const n = Math.max(schema.minItems ?? 0, byName !== undefined || schema.items?.type === 'integer' ? 1 : 0);
    const item = schema.items ?? {};
    return Array.from({ length: Math.min(n, schema.maxItems ?? n) }, () => sampleOf(item, known, Array.isArray(byName) ? '' : singular(property), depth + 1)).map((v, i) =>
      Array.isArray(byName) && byName[i] !== undefined ? byName[i] : v,
    );
  }
  if (type === 'string') return stringOf(schema);
  if (type === 'integer') return numberOf(schema, true);
  if (type === 'number') return numberOf(schema, false);
  if (type === 'boolean') return typeof schema.default === 'boolean' ? schema.default : false;
  if (schema.default !== undefined) return schema.default;
  return typesOf(schema).includes('null') || schema.nullable ? null : {};
};

/** `units_ids` → `unit_id`, `usersIds` → `userId`: a list's items are known by the singular name. */
const singular = (name: string): string => name.replace(/_ids$/, '_id').replace(/Ids$/, 'Id');
