import type { ZodTypeAny } from 'zod';

/**
 * The field table of an entity (a request, a tool card): per plain field its storage type, empty
 * value, Russian title, zod base and groups. The entity's empty state, its read-model columns, its
 * history titles and value shapes and the form's empty values are derived from one table, so a new
 * plain field is one entry (plus its UI control).
 */

/** How a plain value is stored: the read model's column type and the canonical form of the value. */
export type FieldType = 'int' | 'text' | 'bool' | 'date' | 'ts';

/** The PostgreSQL type of a column of each field type. */
export const sqlTypeOf: Readonly<Record<FieldType, string>> = {
  int: 'integer',
  text: 'text',
  bool: 'boolean',
  date: 'date',
  ts: 'timestamptz',
};

/**
 * What a value names, for the history tab: a title of an enumeration (resolved in the domain), or a
 * reference the read side resolves to a name (accounts, units, tools, catalogues).
 */
export type ValueShape<Ref extends string = string> =
  | { readonly kind: 'enum'; readonly title: (value: number | string) => string | null }
  | { readonly kind: 'ref'; readonly ref: Ref };

export interface FieldSpec<V, Group extends string, Ref extends string = string> {
  readonly type: FieldType;
  /** The value of a new entity. */
  readonly empty: V;
  /** The Russian name (history tab, refusal messages). */
  readonly title: string;
  /** The groups (tabs, sections) that edit it; empty for a field the stream alone sets. */
  readonly groups: readonly Group[];
  /** The submitted value's type and range; absent for a field a save never carries. */
  readonly zod?: ZodTypeAny;
  /** A value that names something (enum title or reference); absent for plain values. */
  readonly shape?: ValueShape<Ref>;
}

export type FieldTable<Fields, Group extends string, Ref extends string = string> = {
  readonly [K in keyof Fields]-?: FieldSpec<Fields[K], Group, Ref>;
};

/** The field names in table order. */
export const fieldNamesOf = <Fields>(table: FieldTable<Fields, string, string>): (keyof Fields & string)[] =>
  Object.keys(table) as (keyof Fields & string)[];

/** The names of the fields of one group, in table order. */
export const fieldsInGroup = <Fields, Group extends string>(table: FieldTable<Fields, Group, string>, group: Group): (keyof Fields & string)[] =>
  fieldNamesOf(table).filter((f) => table[f].groups.includes(group));

/** The names of the fields of one type, in table order. */
export const fieldsOfType = <Fields>(table: FieldTable<Fields, string, string>, type: FieldType): (keyof Fields & string)[] =>
  fieldNamesOf(table).filter((f) => table[f].type === type);

/**
 * The empty values as one object, keys in table order. Object.fromEntries gives an object V8 keeps in
 * fast mode, and a single spread of it clones that shape (`{ ...template }`): the way to build wide
 * states fast without writing their literal out (merged spreads fall back to dictionary mode).
 * Empty values must be primitives; list defaults are the caller's (fresh arrays per object).
 */
export const emptyTemplateOf = <Fields>(table: FieldTable<Fields, string, string>): Readonly<Fields> => {
  for (const f of fieldNamesOf(table)) {
    const empty: unknown = table[f].empty;
    if (empty !== null && typeof empty === 'object') throw new Error(`The empty value of ${f} must be a primitive`);
  }
  // Not frozen: a frozen source would not give its spreads the plain fast shape.
  return Object.fromEntries(fieldNamesOf(table).map((f) => [f, table[f].empty])) as Readonly<Fields>;
};

/** The Russian titles by field. */
export const titlesOf = <Fields>(table: FieldTable<Fields, string, string>): Readonly<Record<keyof Fields, string>> =>
  Object.fromEntries(fieldNamesOf(table).map((f) => [f, table[f].title])) as Record<keyof Fields, string>;
