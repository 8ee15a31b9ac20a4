import { z } from 'zod';
import type { RightKey } from '../rights/catalog';
import { RightValue } from '../rights/values';
import { requestKindIds } from '../request/enums';
import { boundedInt, enumOf, id, orNull, PG_INT_MAX } from '../shared/primitives';
import { flag, idList, isoDate, optionalId, optionalText, requiredId, requiredText, shortText } from './schemas';

/**
 * One generic mechanism for every simple reference catalogue: a definition names the API path,
 * the payload key, the item schema (with Russian messages), the rights and the success texts.
 * The write side, read model, HTTP routes and the client's catalogue screen all read it.
 */
export interface CatalogDefinition<TSchema extends z.ZodTypeAny = z.ZodTypeAny> {
  /** Path segment under /api and the read-model key; also names the list in GET responses. */
  readonly name: string;
  /** Request body key of POST and PUT (administration.md section 7). */
  readonly payloadKey: string;
  readonly title: string;
  readonly schema: TSchema;
  /** Right needed to create, change and delete items (FULL). */
  readonly editRight: RightKey;
  /** Rights whose bits allow reading the list screen; reference data itself is readable by every signed-in user. */
  readonly readRight: { readonly key: RightKey; readonly values: readonly RightValue[] };
  /** Fields that need their own right to change (e.g. region e-mail settings). */
  readonly fieldRights?: Readonly<Record<string, RightKey>>;
  /** Field used for ordering and the text filter. */
  readonly titleField: string;
  /** Exact-match filters the list accepts (query parameter = item field). */
  readonly filters: readonly string[];
  /**
   * Filters over a list field (filter → the field holding ids): an item matches when its list names
   * the id or is empty (an item for every value).
   */
  readonly listFilters?: Readonly<Record<string, string>>;
  /** Filters over flag fields: 'true'/'1' and 'false'/'0' both accepted. */
  readonly flagFilters?: readonly string[];
  /** Filter values that mean "every value" (programs: type 3 = all types, administration.md 3). */
  readonly filterAllValues?: Readonly<Record<string, string>>;
  readonly messages: { readonly saved: string; readonly deleted: string };
  /** Writes (POST, PUT, DELETE) served by the catalogue's own routes (tool models: multipart with files). */
  readonly ownWriteRoutes?: boolean;
}

const def = <S extends z.ZodTypeAny>(d: CatalogDefinition<S>) => d;
const FULL = [RightValue.FULL] as const;
const READ_OR_FULL = [RightValue.READ, RightValue.FULL] as const;
const defaults = { saved: 'Сохранено', deleted: 'Удалено' };

export const posts = def({
  name: 'posts',
  payloadKey: 'post',
  title: 'Должности',
  schema: z.object({ title: shortText() }),
  editRight: 'RIGHT_POSTS',
  readRight: { key: 'RIGHT_POSTS', values: FULL },
  titleField: 'title',
  filters: [],
  messages: defaults,
});

export const regions = def({
  name: 'regions',
  payloadKey: 'region',
  title: 'Регионы',
  schema: z.object({
    title: requiredText('Введите наименование региона', 199, 'Значение от 1 до 200 символов'),
    code: boundedInt(1, PG_INT_MAX, { message: 'Введите код региона', coerce: true }),
    filial_title: requiredText('Введите наименование филиала', 499, 'Значение от 1 до 500 символов'),
    filial_phone: requiredText('Введите телефон филиала', 99, 'Значение от 1 до 100 символов'),
    instrumental_case: requiredText('Введите наименование в творительном падеже', 199, 'Значение от 1 до 200 символов'),
    immediate_email_to_engineer: flag,
    auto_assign_engineer: flag,
  }),
  editRight: 'RIGHT_REGIONS',
  readRight: { key: 'RIGHT_REGIONS', values: FULL },
  fieldRights: { immediate_email_to_engineer: 'RIGHT_SET_ENGINEER_EMAIL', auto_assign_engineer: 'RIGHT_SET_ENGINEER_EMAIL' },
  titleField: 'title',
  filters: [],
  messages: { saved: 'Регион сохранен', deleted: 'Регион удален' },
});

export const organizationKinds = def({
  name: 'organization_kind',
  payloadKey: 'kind',
  title: 'Виды организаций',
  schema: z.object({
    ksa_title: optionalText(99, 'Значение до 100 символов'),
    title: requiredText('Значение от 1 до 200 символов', 199, 'Значение от 1 до 200 символов'),
    is_filial: flag,
    signers_count: z.union([z.literal(2), z.literal(3), z.literal('2'), z.literal('3')]).nullish().transform((v) => (v ? Number(v) : 2)),
  }),
  editRight: 'RIGHT_ORGANIZATION_KINDS',
  readRight: { key: 'RIGHT_ORGANIZATION_KINDS', values: FULL },
  titleField: 'title',
  filters: [],
  messages: defaults,
});

export const manufacturers = def({
  name: 'manufacturer',
  payloadKey: 'manufacturer',
  title: 'Производители',
  schema: z.object({ title: shortText() }),
  editRight: 'RIGHT_TOOLS_MANUFACTURERS',
  readRight: { key: 'RIGHT_TOOLS_MANUFACTURERS', values: READ_OR_FULL },
  titleField: 'title',
  filters: [],
  messages: defaults,
});

/** Program types: 1 = special software (СПО), 2 = common software (ОПО); see docs/decisions.md. */
export const ProgramType = { SPECIAL: 1, COMMON: 2 } as const;
/**
 * The hot line executor screens read the numbers the other way round (administration.md 4: type 2
 * is the hot line's special software; decisions.md 1): mapped here, at the edge, both ways.
 */
export const hotlineProgramType = (type: number): number => (type === ProgramType.SPECIAL ? 2 : type === ProgramType.COMMON ? 1 : type);
export const programTypeFromHotline = hotlineProgramType;
/** The hot line's special software in the executor screens' reading. */
export const HOTLINE_SPECIAL_SOFTWARE = 2;
/** The program type a software request kind takes (special software request → special, common → common). */
export const programTypeOfRequestKind: Readonly<Partial<Record<number, number>>> = { 1: ProgramType.COMMON, 4: ProgramType.SPECIAL };

export const programs = def({
  name: 'programs',
  payloadKey: 'program',
  title: 'Программное обеспечение',
  schema: z
    .object({
      type: enumOf([ProgramType.SPECIAL, ProgramType.COMMON], 'Укажите тип программного обеспечения', { coerce: true }),
      title: requiredText('Укажите наименование', 499, 'Не более 500 символов'),
      version: requiredText('Укажите версию', 99, 'Значение от 1 до 100 символов'),
      designation: optionalText(199, 'Не более 200 символов'),
      factory_number: optionalText(199, 'Не более 200 символов'),
      guaranty_dt: isoDate(),
      description: optionalText(1999, 'Не более 2000 символов'),
      distribution_number: optionalText(199, 'Не более 200 символов'),
      gas_sub_system_id: optionalId,
      programs_org_types: idList,
    })
    // Distribution number and subsystem belong to special software only.
    .transform((p) => (p.type === ProgramType.SPECIAL ? p : { ...p, distribution_number: null, gas_sub_system_id: null })),
  editRight: 'RIGHT_PROGRAMS',
  readRight: { key: 'RIGHT_PROGRAMS', values: READ_OR_FULL },
  titleField: 'title',
  filters: ['type'],
  filterAllValues: { type: '3' },
  messages: defaults,
});

export const programsSubsystems = def({
  name: 'programs_subsystems',
  payloadKey: 'programSubsystem',
  title: 'Подсистемы ГАС «Правосудие»',
  schema: z.object({ title: shortText() }),
  editRight: 'RIGHT_REFERENCE_GAS_SUBSYSTEM',
  readRight: { key: 'RIGHT_REFERENCE_GAS_SUBSYSTEM', values: READ_OR_FULL },
  titleField: 'title',
  filters: [],
  messages: defaults,
});

export const ServiceType = { REGIONAL: 1, SERVICE_CENTRE: 2 } as const;

export const servicesRepairs = def({
  name: 'services_repairs',
  payloadKey: 'serviceRepair',
  title: 'Сервисные центры',
  schema: z.object({
    title: requiredText('Укажите наименование', 499, 'Не более 500 символов'),
    region_id: requiredId('Укажите регион'),
    address: optionalText(499, 'Не более 500 символов'),
    telephone: optionalText(99, 'Не более 100 символов'),
    chief_fio: optionalText(199, 'Не более 200 символов'),
    service_type: enumOf([ServiceType.REGIONAL, ServiceType.SERVICE_CENTRE], 'Укажите тип', { coerce: true }),
  }),
  editRight: 'RIGHT_SERVICES_REPAIRS',
  readRight: { key: 'RIGHT_SERVICES_REPAIRS', values: FULL },
  titleField: 'title',
  filters: ['region_id', 'service_type'],
  messages: defaults,
});

export const commonDisrepairs = def({
  name: 'common_disrepairs',
  payloadKey: 'disrepair',
  title: 'Типовые неисправности технических средств',
  schema: z.object({
    request_kind_id: orNull(enumOf(requestKindIds, 'Укажите тип заявки', { coerce: true }), 'Укажите тип заявки'),
    description: requiredText('Укажите неисправность', 1999, 'Не более 2000 символов'),
    common_disrepair_tool_kinds: idList,
  }),
  editRight: 'RIGHT_COMMON_DISREPAIRS',
  readRight: { key: 'RIGHT_COMMON_DISREPAIRS', values: FULL },
  titleField: 'description',
  // By request kind and by equipment kind (administration.md 2.10); a fault naming no kind is typical of every kind.
  filters: ['request_kind_id', 'tool_kind_id'],
  listFilters: { tool_kind_id: 'common_disrepair_tool_kinds' },
  messages: defaults,
});

/**
 * Problem categories (/problems-categories; the spec lists the route without its contents, see
 * decisions.md 57–66): the kinds a request to the administrator is classified by
 * (request_inner_kind_id), optionally tied to a service request kind; only active ones are offered
 * for new classifications, in their order.
 */
export const problemsCategories = def({
  name: 'problems_categories',
  payloadKey: 'problemCategory',
  title: 'Категории проблем',
  schema: z.object({
    title: shortText(),
    request_kind_id: orNull(enumOf(requestKindIds, 'Укажите тип заявки', { coerce: true }), 'Укажите тип заявки').default(null),
    is_active: flag,
    category_order: boundedInt(1, 1000000, { message: 'Число больше нуля', coerce: true }),
  }),
  editRight: 'RIGHT_REFERENCES',
  readRight: { key: 'RIGHT_REFERENCES', values: FULL },
  titleField: 'title',
  filters: ['request_kind_id'],
  flagFilters: ['is_active'],
  messages: defaults,
});

/* Equipment references the request dialog and demo data already need (equipment.md). */

export const toolKinds = def({
  name: 'tool_kind',
  payloadKey: 'toolKind',
  title: 'Виды оборудования',
  schema: z.object({ title: shortText(), soft_updatable: flag, traits: idList }),
  editRight: 'RIGHT_TOOLS_KINDS',
  readRight: { key: 'RIGHT_TOOLS_KINDS', values: FULL },
  titleField: 'title',
  filters: [],
  messages: { saved: 'Вид оборудования сохранен', deleted: 'Удалено' },
});

/** Trait value text: 'Наименование от 1 до 100 символов' (equipment.md 5). */
const TRAIT_VALUE_MESSAGE = 'Наименование от 1 до 100 символов';

/**
 * The values of a characteristic. Tools keep (tool_trait_id, trait_value_id) pairs, so a value id
 * only has to be unique within its trait: a value sent without one gets the next after the highest.
 */
const traitValueTitle = requiredText(TRAIT_VALUE_MESSAGE, 99, TRAIT_VALUE_MESSAGE);
const traitValues = z
  .array(
    z.object({
      value_id: z.union([z.number(), z.string()]).nullish().transform((v) => (v === null || v === undefined || v === '' ? null : Number(v))),
      value_title: traitValueTitle,
    }),
    { invalid_type_error: 'Неверный список значений' },
  )
  .max(1000, 'Не более 1000 значений')
  .default([])
  .superRefine((values, ctx) => {
    const seen = new Set<number>();
    values.forEach((v, i) => {
      if (v.value_id === null) return;
      if (!Number.isSafeInteger(v.value_id) || v.value_id < 1 || v.value_id > PG_INT_MAX)
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'Неверный идентификатор значения', path: [i, 'value_id'] });
      else if (seen.has(v.value_id)) ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'Значения повторяются', path: [i, 'value_id'] });
      seen.add(v.value_id);
    });
    const titles = new Set<string>();
    values.forEach((v, i) => {
      const key = v.value_title.toLowerCase();
      if (titles.has(key)) ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'Такое значение уже есть', path: [i, 'value_title'] });
      titles.add(key);
    });
  })
  .transform((values) => {
    let next = values.reduce((m, v) => Math.max(m, v.value_id ?? 0), 0);
    return values.map((v) => ({ value_id: v.value_id ?? ++next, value_title: v.value_title }));
  });

export const toolTraits = def({
  name: 'tools_traits',
  payloadKey: 'toolTrait',
  title: 'Характеристики оборудования',
  schema: z.object({ title: shortText(), values: traitValues }),
  editRight: 'RIGHT_TOOLS_TRAITS',
  readRight: { key: 'RIGHT_TOOLS_TRAITS', values: FULL },
  titleField: 'title',
  filters: [],
  // Section 8 of administration.md names the characteristics' texts ('Параметр …').
  messages: { saved: 'Параметр сохранен', deleted: 'Параметр удален' },
});

/**
 * POST /api/tool_traits_add_value: the characteristic (`traitId`; `tool_trait_id` and `id` are older
 * names) and the new value's title (`value_title`, or `title`, `value`), judged as every value is.
 */
export const traitValueSchema = z.object({
  traitId: id().optional(),
  tool_trait_id: id().optional(),
  id: id().optional(),
  value_title: traitValueTitle.optional(),
  title: traitValueTitle.optional(),
  value: traitValueTitle.optional(),
});

export const toolSetNames = def({
  name: 'tools_sets_names',
  payloadKey: 'toolSetName',
  title: 'Виды комплектов оборудования',
  schema: z.object({
    code: boundedInt(0, PG_INT_MAX, { message: 'Число менее 2147483648', coerce: true }),
    name: shortText(),
    system_ts_id: optionalId,
  }),
  editRight: 'RIGHT_TOOLS_SETS_NAMES',
  readRight: { key: 'RIGHT_TOOLS_SETS_NAMES', values: FULL },
  titleField: 'name',
  filters: [],
  messages: { saved: 'Вид комплекта оборудования сохранен', deleted: 'Удалено' },
});

export const toolModels = def({
  name: 'tool_model',
  payloadKey: 'toolModel',
  title: 'Модели оборудования',
  schema: z.object({
    tool_kind_id: requiredId('Укажите вид оборудования'),
    manufacturer_id: requiredId('Укажите производителя оборудования'),
    model: requiredText('Укажите наименование оборудования', 499, 'Не более 500 символов'),
    is_verified: flag,
    // A value per characteristic of the kind (api/routes/tool-model.ts checks them against the kind).
    traits: z
      .array(z.object({ tool_trait_id: requiredId('Неверная характеристика'), trait_value_id: requiredId('Неверное значение характеристики') }), {
        invalid_type_error: 'Неверный список характеристик',
      })
      .max(500, 'Неверный список характеристик')
      .default([])
      .refine((l) => new Set(l.map((t) => t.tool_trait_id)).size === l.length, 'Характеристики повторяются'),
    // Documents (tool_docs) and pictures (tool_model_pictures): set by the server from the uploads only.
    files: z
      .array(
        z.object({
          file_id: z.string().max(40),
          file_name: z.string().max(1000),
          mimetype: z.string().max(200),
          size: z.number().int().nonnegative(),
          checksum: z.string().max(128),
          section: z.enum(['tool_docs', 'tool_model_pictures']),
        }),
      )
      .max(40)
      .default([]),
  }),
  editRight: 'RIGHT_TOOLS_MODELS',
  readRight: { key: 'RIGHT_TOOLS_MODELS', values: READ_OR_FULL },
  titleField: 'model',
  filters: ['tool_kind_id', 'manufacturer_id', 'is_verified'],
  flagFilters: ['is_verified'],
  messages: defaults,
  ownWriteRoutes: true,
});

export const catalogs = [
  posts,
  regions,
  organizationKinds,
  manufacturers,
  programs,
  programsSubsystems,
  servicesRepairs,
  commonDisrepairs,
  problemsCategories,
  toolKinds,
  toolSetNames,
  toolModels,
  toolTraits,
] as const;

export type CatalogName = (typeof catalogs)[number]['name'];

const byName = new Map<string, CatalogDefinition>(catalogs.map((c) => [c.name, c]));
export const findCatalog = (name: string): CatalogDefinition | undefined => byName.get(name);
