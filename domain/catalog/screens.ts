import type { z } from 'zod';
import { requestKindIds, requestKindTitles, SupportSystem, supportSystemTitles } from '../request/enums';
import {
  commonDisrepairs,
  manufacturers,
  organizationKinds,
  posts,
  ProgramType,
  programs,
  problemsCategories,
  programsSubsystems,
  regions,
  servicesRepairs,
  ServiceType,
  toolKinds,
  toolModels,
  toolSetNames,
  toolTraits,
  type CatalogDefinition,
  type CatalogName,
} from './definitions';

/**
 * What one generic reference screen needs to show a catalogue of definitions.ts: per field its
 * Russian label and control, the list's columns in order and the filters' labels. The screen
 * renders from this alone (web/src/features/catalog: catalogScreenOf).
 */

/**
 * References a select may name besides the catalogues. Tool traits are a catalogue now (their
 * values are a 'values' field of the item, definitions.ts toolTraits), so none is left.
 */
export const referencesOutsideCatalogs: readonly never[] = [];
export type ReferenceName = CatalogName | (typeof referencesOutsideCatalogs)[number];

export interface ChoiceOption {
  readonly value: number;
  readonly label: string;
}

export type FieldControl =
  | { readonly kind: 'text'; readonly multiline?: boolean }
  | { readonly kind: 'number' }
  /** Yes / no: a checkbox, or two radio options when `choices` names them (region e-mail settings). */
  | { readonly kind: 'flag'; readonly choices?: { readonly yes: string; readonly no: string } }
  | { readonly kind: 'date' }
  /** One of fixed values (an enumeration of the spec). */
  | { readonly kind: 'choice'; readonly options: readonly ChoiceOption[] }
  /** Items of another reference; `multiple` for id lists; `countInList`: the list shows how many. */
  | { readonly kind: 'select'; readonly catalog: ReferenceName; readonly multiple?: boolean; readonly countInList?: boolean }
  /** A list of named values edited in the dialog (trait values: value_id, value_title); the list shows how many. */
  | { readonly kind: 'values'; readonly itemLabel: string }
  /** Edited by the catalogue's own dialog, never by the generic one (a tool model's trait values and files). */
  | { readonly kind: 'own' };

export interface FieldMeta {
  readonly label: string;
  readonly control: FieldControl;
}

/** The item fields of a definition: the keys its schema accepts. */
export type FieldOf<D> = D extends CatalogDefinition<infer S> ? Extract<keyof z.input<S>, string> : never;

export interface CatalogScreen<F extends string = string, X extends string = string> {
  readonly name: CatalogName;
  readonly title: string;
  /** Every field of the schema, in the order of the edit dialog. */
  readonly fields: { readonly [K in F]: FieldMeta };
  /** List columns, in order. */
  readonly columns: readonly F[];
  /** Label of the text filter (over the definition's titleField). */
  readonly textFilter: string;
  /** Labels of the definition's exact-match filters. */
  readonly filters: { readonly [K in X]: string };
  /** The control of a filter that is no field of the item (a list filter: tool kind of the typical faults). */
  readonly filterControls?: Readonly<Record<string, FieldControl>>;
  /** Fields shown only while another field holds one of some values (the rest of the time the schema drops them). */
  readonly shownWhen?: { readonly [K in F]?: { readonly field: F; readonly values: readonly number[] } };
}

/** Ties a screen to its definition: the compiler checks every field and filter is described. */
const screen = <D extends CatalogDefinition>(
  d: D,
  s: {
    fields: { readonly [K in FieldOf<D>]: FieldMeta };
    columns: readonly FieldOf<D>[];
    textFilter: string;
    filters: { readonly [K in D['filters'][number]]: string };
    filterControls?: Readonly<Record<string, FieldControl>>;
    shownWhen?: { readonly [K in FieldOf<D>]?: { readonly field: FieldOf<D>; readonly values: readonly number[] } };
  },
): CatalogScreen => ({ name: d.name as CatalogName, title: d.title, ...s });

const text: FieldControl = { kind: 'text' };
const longText: FieldControl = { kind: 'text', multiline: true };
const number: FieldControl = { kind: 'number' };
const flag: FieldControl = { kind: 'flag' };
const date: FieldControl = { kind: 'date' };
const select = (catalog: ReferenceName, multiple = false): FieldControl => ({ kind: 'select', catalog, ...(multiple ? { multiple } : {}) });
const choice = (titles: Readonly<Record<number, string>>, values: readonly number[] = Object.keys(titles).map(Number)): FieldControl => ({
  kind: 'choice',
  options: values.map((value) => ({ value, label: titles[value]! })),
});
const title = { label: 'Наименование', control: text };

export const catalogScreens: readonly CatalogScreen[] = [
  screen(posts, { fields: { title }, columns: ['title'], textFilter: 'Наименование', filters: {} }),
  screen(regions, {
    fields: {
      title,
      code: { label: 'Код региона', control: number },
      filial_title: { label: 'Наименование филиала', control: text },
      filial_phone: { label: 'Телефон филиала', control: text },
      instrumental_case: { label: 'Наименование в творительном падеже', control: text },
      // administration.md 2.10: two radio options each, shown only with the set-engineer-email right.
      immediate_email_to_engineer: {
        label: 'Письмо инженеру',
        control: { kind: 'flag', choices: { yes: 'Отправлять автоматически', no: 'Не отправлять автоматически' } },
      },
      auto_assign_engineer: {
        label: 'Назначение инженера',
        control: { kind: 'flag', choices: { yes: 'Назначать автоматически', no: 'Не назначать автоматически' } },
      },
    },
    columns: ['title', 'code'],
    textFilter: 'Наименование',
    filters: {},
  }),
  screen(organizationKinds, {
    fields: {
      ksa_title: { label: 'Наименование в КСА', control: text },
      title,
      is_filial: { label: 'Филиал', control: flag },
      signers_count: { label: 'Количество подписантов', control: choice({ 2: '2', 3: '3' }) },
    },
    columns: ['title', 'ksa_title', 'is_filial', 'signers_count'],
    textFilter: 'Наименование',
    filters: {},
  }),
  screen(manufacturers, { fields: { title }, columns: ['title'], textFilter: 'Наименование', filters: {} }),
  screen(programs, {
    fields: {
      type: { label: 'Тип программного обеспечения', control: choice({ [ProgramType.SPECIAL]: 'СПО', [ProgramType.COMMON]: 'ОПО' }) },
      title,
      version: { label: 'Версия', control: text },
      designation: { label: 'Обозначение', control: text },
      factory_number: { label: 'Заводской номер', control: text },
      guaranty_dt: { label: 'Дата окончания гарантии', control: date },
      description: { label: 'Описание', control: longText },
      distribution_number: { label: 'Номер дистрибутива', control: text },
      gas_sub_system_id: { label: 'Подсистема ГАС «Правосудие»', control: select('programs_subsystems') },
      programs_org_types: { label: 'Виды организаций', control: select('organization_kind', true) },
    },
    columns: ['type', 'title', 'version', 'designation', 'guaranty_dt'],
    textFilter: 'Наименование',
    filters: { type: 'Тип программного обеспечения' },
    // The distribution number and subsystem belong to special software only (definitions.ts drops them otherwise).
    shownWhen: {
      distribution_number: { field: 'type', values: [ProgramType.SPECIAL] },
      gas_sub_system_id: { field: 'type', values: [ProgramType.SPECIAL] },
    },
  }),
  screen(programsSubsystems, { fields: { title }, columns: ['title'], textFilter: 'Наименование', filters: {} }),
  screen(servicesRepairs, {
    fields: {
      title,
      region_id: { label: 'Регион', control: select('regions') },
      address: { label: 'Адрес', control: text },
      telephone: { label: 'Телефон', control: text },
      chief_fio: { label: 'ФИО руководителя', control: text },
      service_type: { label: 'Тип', control: choice({ [ServiceType.REGIONAL]: 'Филиал ИАЦ', [ServiceType.SERVICE_CENTRE]: 'Сервисный центр' }) },
    },
    columns: ['title', 'region_id', 'address', 'telephone', 'chief_fio', 'service_type'],
    textFilter: 'Наименование',
    filters: { region_id: 'Регион', service_type: 'Тип' },
  }),
  screen(commonDisrepairs, {
    fields: {
      request_kind_id: { label: 'Тип заявки', control: choice(requestKindTitles, requestKindIds) },
      description: { label: 'Неисправность', control: longText },
      common_disrepair_tool_kinds: { label: 'Виды оборудования', control: select('tool_kind', true) },
    },
    columns: ['request_kind_id', 'common_disrepair_tool_kinds', 'description'],
    textFilter: 'Неисправность',
    filters: { request_kind_id: 'Тип заявки', tool_kind_id: 'Вид оборудования' },
    filterControls: { tool_kind_id: select('tool_kind') },
  }),
  screen(problemsCategories, {
    fields: {
      title,
      request_kind_id: { label: 'Тип заявки', control: choice(requestKindTitles, requestKindIds) },
      is_active: { label: 'Активна', control: flag },
      category_order: { label: 'Порядок', control: number },
    },
    columns: ['category_order', 'title', 'request_kind_id', 'is_active'],
    textFilter: 'Наименование',
    filters: { request_kind_id: 'Тип заявки' },
  }),
  screen(toolKinds, {
    fields: {
      title,
      soft_updatable: { label: 'Обновляемое ПО', control: flag },
      // The list shows the number of characteristics (equipment.md 'Equipment kinds').
      traits: { label: 'Характеристики', control: { kind: 'select', catalog: 'tools_traits', multiple: true, countInList: true } },
    },
    // equipment.md 'Equipment kinds': title, number of characteristics, updatable-software flag.
    columns: ['title', 'traits', 'soft_updatable'],
    textFilter: 'Наименование',
    filters: {},
  }),
  screen(toolSetNames, {
    fields: {
      code: { label: 'Код', control: number },
      name: { label: 'Наименование', control: text },
      system_ts_id: { label: 'Система технических средств', control: choice(supportSystemTitles, Object.values(SupportSystem)) },
    },
    columns: ['code', 'name', 'system_ts_id'],
    textFilter: 'Наименование',
    filters: {},
  }),
  // equipment.md 'Characteristics': title and number of values; the dialog edits the value list.
  screen(toolTraits, {
    fields: { title, values: { label: 'Значения', control: { kind: 'values', itemLabel: 'Значение' } } },
    columns: ['title', 'values'],
    textFilter: 'Наименование',
    filters: {},
  }),
  screen(toolModels, {
    fields: {
      tool_kind_id: { label: 'Вид оборудования', control: select('tool_kind') },
      manufacturer_id: { label: 'Производитель', control: select('manufacturer') },
      model: { label: 'Модель', control: text },
      is_verified: { label: 'Проверена', control: flag },
      traits: { label: 'Характеристики', control: { kind: 'own' } },
      files: { label: 'Документы / изображения', control: { kind: 'own' } },
    },
    columns: ['tool_kind_id', 'manufacturer_id', 'model', 'is_verified'],
    textFilter: 'Модель',
    filters: { tool_kind_id: 'Вид оборудования', manufacturer_id: 'Производитель', is_verified: 'Проверена' },
  }),
];

const byName = new Map(catalogScreens.map((s) => [s.name, s]));

/** The screen metadata of a catalogue (every catalogue of definitions.ts has one). */
export const catalogScreen = (name: CatalogName): CatalogScreen => byName.get(name)!;

/**
 * The delete confirmation of a screen, '{title}' standing for the item's title: the spec words
 * the organisation kind's (administration.md 2.8); every other screen asks the generic question.
 */
const deleteQuestions: Partial<Readonly<Record<CatalogName, string>>> = {
  organization_kind: 'Удалить вид организации «{title}»?',
};

export const deleteQuestionOf = (name: CatalogName, itemTitle: string): string =>
  (deleteQuestions[name] ?? 'Удалить запись «{title}»?').replace('{title}', itemTitle);
