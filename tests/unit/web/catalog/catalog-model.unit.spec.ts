import { describe, expect, it } from 'vitest';
import { catalogs } from '../../../../domain/catalog/definitions';
import { deleteQuestionOf } from '../../../../domain/catalog/screens';
import { ruErrorMap } from '../../../../domain/shared/validation';
import { mainMenu } from '../../../../web/src/app/layout/menu';
import { catalogAt, catalogPages } from '../../../../web/src/features/catalog/model/catalog-pages';
import { catalogScreenOf } from '../../../../web/src/features/catalog/model/catalog-screens';
import { cellText, formValuesOf, listParamsOf } from '../../../../web/src/features/catalog/model/catalog-values';

const menuItems = mainMenu.flatMap((g) => g.items);

describe('the generic reference screen routes', () => {
  it('serves the simple references of administration.md 2.1 at their addresses', () => {
    expect(Object.fromEntries(catalogPages.map((p) => [p.path, p.name]))).toEqual({
      '/posts': 'posts',
      '/regions': 'regions',
      '/organization-kinds': 'organization_kind',
      '/manufacturers': 'manufacturer',
      '/programs': 'programs',
      '/programs-subsystems': 'programs_subsystems',
      '/services-repairs': 'services_repairs',
      '/common-disrepairs': 'common_disrepairs',
      // Problem categories, the kinds of requests to the administrator (decisions 57–66).
      '/problems-categories': 'problems_categories',
      '/tools-kinds': 'tool_kind',
      '/tools-sets-names': 'tools_sets_names',
      // Characteristics with their values (decisions 48–56): the generic screen with a value-list field.
      '/tools-kinds-traits': 'tools_traits',
    });
    expect(catalogAt('/manufacturers')).toBe('manufacturer');
    expect(catalogAt('/tools-models')).toBeUndefined();
  });

  it.each(catalogPages.map((p) => [p.path, p] as const))('%s: opened with the read right the menu item asks', (path, page) => {
    const def = catalogs.find((c) => c.name === page.name)!;
    expect(page.access).toEqual(def.readRight);
    // The menu item points at the route and asks the same right, so it shows exactly when the route opens.
    const item = menuItems.find((i) => i.to === path);
    expect(item?.rights).toEqual([def.readRight]);
    expect(item?.title).toBeTruthy();
  });
});

describe('the edit dialog values', () => {
  it('a new item: empty values, the schema answers with the spec messages', () => {
    const view = catalogScreenOf('regions');
    const values = formValuesOf(view, null);
    expect(values).toEqual({
      title: null,
      code: null,
      filial_title: null,
      filial_phone: null,
      instrumental_case: null,
      immediate_email_to_engineer: false,
      auto_assign_engineer: false,
    });
    const result = view.definition.schema.safeParse(values, { errorMap: ruErrorMap });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({
      title: 'Введите наименование региона',
      code: 'Введите код региона',
      filial_title: 'Введите наименование филиала',
      filial_phone: 'Введите телефон филиала',
      instrumental_case: 'Введите наименование в творительном падеже',
    });
  });

  it('programs show the distribution number and subsystem for special software only; regions ask their e-mail options as radio pairs', () => {
    expect(catalogScreenOf('programs').shownWhen).toEqual({
      distribution_number: { field: 'type', values: [1] },
      gas_sub_system_id: { field: 'type', values: [1] },
    });
    const regions = catalogScreenOf('regions');
    expect(regions.fields.filter((f) => f.control.kind === 'flag').map((f) => [f.name, f.control])).toEqual([
      ['immediate_email_to_engineer', { kind: 'flag', choices: { yes: 'Отправлять автоматически', no: 'Не отправлять автоматически' } }],
      ['auto_assign_engineer', { kind: 'flag', choices: { yes: 'Назначать автоматически', no: 'Не назначать автоматически' } }],
    ]);
    // Their right is the definition's (the server refuses a change without it).
    expect(regions.definition.fieldRights).toEqual({ immediate_email_to_engineer: 'RIGHT_SET_ENGINEER_EMAIL', auto_assign_engineer: 'RIGHT_SET_ENGINEER_EMAIL' });
    // The radio options hold 'true' / 'false': the schema's flag reads them as booleans.
    const parsed = regions.definition.schema.parse({ title: 'Т', code: 1, filial_title: 'Ф', filial_phone: '1', instrumental_case: 'Т', immediate_email_to_engineer: 'true', auto_assign_engineer: 'false' });
    expect(parsed).toMatchObject({ immediate_email_to_engineer: true, auto_assign_engineer: false });
  });

  it('a multi-select starts as an empty list and an existing item keeps its values', () => {
    const view = catalogScreenOf('common_disrepairs');
    expect(formValuesOf(view, null)).toEqual({ request_kind_id: null, description: null, common_disrepair_tool_kinds: [] });
    expect(formValuesOf(view, { id: 4, request_kind_id: 1, description: 'Не включается', common_disrepair_tool_kinds: [2, 3] })).toEqual({
      request_kind_id: 1,
      description: 'Не включается',
      common_disrepair_tool_kinds: [2, 3],
    });
  });
});

describe('the list', () => {
  it('asks one page with the text and the exact filters that are set', () => {
    expect(listParamsOf({ page: 1, text: '', filters: {} })).toEqual({ pageNumber: '1' });
    expect(listParamsOf({ page: 3, text: '  Сер ', filters: { region_id: '5', service_type: '' } })).toEqual({ pageNumber: '3', text: 'Сер', region_id: '5' });
  });

  it('shows each kind of value as its cell text', () => {
    const services = catalogScreenOf('services_repairs');
    const titles = (catalog: string, id: number) => (catalog === 'regions' && id === 5 ? 'Москва' : undefined);
    const column = (view: ReturnType<typeof catalogScreenOf>, field: string) => view.columns.find((c) => c.field === field) ?? view.fields.find((f) => f.name === field)!;
    expect(cellText(column(services, 'region_id'), 5, titles)).toBe('Москва');
    expect(cellText(column(services, 'region_id'), 9, titles)).toBe('9');
    expect(cellText(column(services, 'service_type'), 2, titles)).toBe('Сервисный центр');
    expect(cellText(column(services, 'address'), null, titles)).toBe('');

    const programs = catalogScreenOf('programs');
    expect(cellText(column(programs, 'guaranty_dt'), '2027-03-31', titles)).toBe('31.03.2027');
    expect(cellText(column(programs, 'type'), 1, titles)).toBe('СПО');

    const kinds = catalogScreenOf('tool_kind');
    // equipment.md: the kinds list shows the number of characteristics.
    expect(kinds.columns.map((c) => c.field)).toEqual(['title', 'traits', 'soft_updatable']);
    expect(cellText(column(kinds, 'traits'), [1, 2, 3], titles)).toBe('3');
    expect(cellText(column(kinds, 'soft_updatable'), true, titles)).toBe('Да');
    expect(cellText(column(kinds, 'soft_updatable'), false, titles)).toBe('Нет');

    const disrepairs = catalogScreenOf('common_disrepairs');
    const kindTitles = (catalog: string, id: number) => (catalog === 'tool_kind' ? ({ 1: 'Принтер', 2: 'Сканер' } as Record<number, string>)[id] : undefined);
    expect(cellText(column(disrepairs, 'common_disrepair_tool_kinds'), [1, 2], kindTitles)).toBe('Принтер, Сканер');
    expect(cellText(column(disrepairs, 'common_disrepair_tool_kinds'), [], kindTitles)).toBe('');
  });

  it('asks before deleting, in the words of the spec where it gives them', () => {
    expect(deleteQuestionOf('organization_kind', 'Районный суд')).toBe('Удалить вид организации «Районный суд»?');
    expect(deleteQuestionOf('posts', 'Секретарь')).toBe('Удалить запись «Секретарь»?');
  });
});
