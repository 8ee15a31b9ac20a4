import { z } from 'zod';
import { actKindTitles, ActKind, requestResultTitles, type RequestResult } from '../request/enums';
import { actDescription } from '../request/acts';
import { isPlaceholderInventory } from '../tool/placeholders';
import type { RequestData } from '../request/state';
import { ruDate, type StampRow } from './stamp';

/**
 * The data an act template is rendered from, built from the request state, its tools, works,
 * spares, students, the signers and the act text. It is kept in RequestActGenerated, so a stamped
 * copy is rendered later from exactly the same data (and template version).
 */
const text = z.string().max(20_000);
const row = <T extends z.ZodRawShape>(shape: T) => z.array(z.object(shape)).max(1000);
export const actDataSchema = z.object({
  act_title: text,
  act_name: text,
  act_number: text,
  act_date: text,
  act_year: text,
  region: text,
  branch_name: text,
  court_name: text,
  court_address: text,
  unit_name: text,
  unit_address: text,
  request_number: text,
  request_date: text,
  hotline_number: text,
  act_text: text,
  result: text,
  note: text,
  learning_kind: text,
  engineer: text,
  iac_name: text,
  iac_post: text,
  unit_signer_name: text,
  unit_signer_post: text,
  final_name: text,
  final_post: text,
  signers_count: z.union([z.literal(2), z.literal(3)]),
  has_final: z.boolean(),
  tools: row({ n: z.number(), title: text, serial: text, inventory: text, place: text, person: text }),
  works: row({ n: z.number(), title: text, cost: text.default('') }),
  /** Every spare in one list (titles): what templates before the itemised СО-8 print. */
  spares: row({ n: z.number(), title: text }),
  students: row({ n: z.number(), name: text, post: text }),
  signers: row({ role_title: text, post: text, name: text }),
  // Added with the itemised acts; defaults keep the data of earlier acts readable (their stamped copies).
  /** The act's place: the building's town, never 'г. г.' (see placeOf). */
  place_line: text.default(''),
  /** The building named once: the court, or the building's own name when it already names the court. */
  object_line: text.default(''),
  /** The building's address, else the court's. */
  address_line: text.default(''),
  /** Costs are printed only when the one who generates the act may see them (RIGHT_VIEW_COST). */
  show_costs: z.boolean().default(false),
  /** The branch's stock spares (Комплекты ЗИП) the repair used. */
  spares_branch: row({ n: z.number(), code: text, title: text, amount: text, cost: text, sum: text }).default([]),
  /** Spares bought for the repair (ПБС). */
  spares_pbs: row({ n: z.number(), title: text, amount: text, cost: text, sum: text }).default([]),
  works_total: text.default(''),
  spares_branch_total: text.default(''),
  spares_pbs_total: text.default(''),
  total: text.default(''),
});
export type ActData = z.output<typeof actDataSchema>;
/** What a template is rendered with: the act data plus the stamps, in the list and in each signer's row (none on the original). */
export type ActRenderData = Omit<ActData, 'signers'> & {
  signers: Array<ActData['signers'][number] & { stamp?: StampRow | null }>;
  stamps: StampRow[];
};

export type SignerRole = 'iac' | 'unit' | 'final';
export const signerRoles: readonly SignerRole[] = ['iac', 'unit', 'final'];
export const signerRoleTitles: Readonly<Record<SignerRole, string>> = {
  iac: 'От филиала ФГБУ ИАЦ Судебного департамента',
  unit: 'От объекта',
  final: 'Итоговый подписант',
};
/** The roles that sign an act of `count` signers (2: branch and object; 13B orders them iac → unit). */
export const rolesOf = (count: 2 | 3): readonly SignerRole[] => (count === 2 ? ['iac', 'unit'] : signerRoles);

export interface ActPerson {
  readonly name: string;
  readonly post: string;
}
/** A tool as the act lists it. */
export interface ActTool {
  readonly id: number;
  readonly title: string;
  readonly serial: string;
  readonly inventory: string;
}
/** Where the request is: names the read side resolved. */
export interface ActPlace {
  readonly region: string;
  readonly branch: string;
  readonly court: string;
  readonly courtAddress: string;
  readonly unit: string;
  readonly unitAddress: string;
  /** The building's short name ('… суд, здание 1'), when it differs from `unit`. */
  readonly building?: string;
}

/** A stock spare the request used, as the spares read model answers it. */
export interface ActBranchSpare {
  readonly code: number | null;
  readonly title: string;
  readonly amount: number;
  readonly cost: number;
}

const norm = (s: string) => s.toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ').trim();
/**
 * The names of a building with none repeated: a name contained in another (the court's name in
 * 'Басманный районный суд г. Москвы, здание 1') is dropped, the rest joined in order.
 */
export const objectLineOf = (place: ActPlace): string => {
  const names = [place.court, place.unit, place.building ?? ''].map((n) => n.trim()).filter(Boolean);
  const kept = names.filter((n, i) => !names.some((m, j) => j !== i && (norm(m) === norm(n) ? j < i : norm(m).includes(norm(n)))));
  return kept.join(', ');
};
const TOWN = /^(г\.|город|пгт\.?|пос\.|п\.|с\.|ст-ца|станица|деревня|д\.)\s*\S/i;
/**
 * The act's place: the town the building's address begins with ('г. Москва, ул. …'), else the
 * region's title as it is ('г. Москва', 'Московская область'): printed as given, never prefixed.
 */
export const placeOf = (place: ActPlace): string => {
  for (const address of [place.unitAddress, place.courtAddress]) {
    const first = address.split(',')[0]?.trim() ?? '';
    if (TOWN.test(first)) return first;
  }
  return place.region.trim();
};

const money = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** A sum in roubles as Russian papers print it: '1 234,50' (to kopecks). */
export const rub = (n: number): string => money.format(Math.round(n * 100) / 100).replace(/\u202f/g, '\u00a0');
const sumOf = (xs: readonly number[]) => Math.round(xs.reduce((a, b) => a + b * 100, 0)) / 100;

export const actNames: Readonly<Record<ActKind, string>> = {
  CO_13: 'ввода в эксплуатацию оборудования',
  CO_3: 'о выполненных работах по сопровождению программного обеспечения',
  CO_7: 'технического состояния оборудования',
  CO_8: 'о выполнении ремонта оборудования',
  CO_41: 'передачи оборудования в сервисный центр',
  CO_42: 'приёмки оборудования из сервисного центра',
  LEARNING: 'о проведении обучения пользователей',
};

const clean = (s: string | null | undefined) => (s ?? '').trim();
/** 'бн…' inventory numbers count as empty (requests.md 5); the tool's title comes without placeholders. */
const inventoryOf = (s: string) => (isPlaceholderInventory(s) ? '' : clean(s));

/** The equipment line of an act text: 'Оборудование: {title}, с/н {serial}, инв. № {inventory}'. */
export const equipmentLine = (tool: ActTool | null): string => {
  if (!tool) return 'Оборудование: не указано';
  const parts = [clean(tool.title) || 'без названия'];
  if (clean(tool.serial)) parts.push(`с/н ${clean(tool.serial)}`);
  if (inventoryOf(tool.inventory)) parts.push(`инв. № ${inventoryOf(tool.inventory)}`);
  return `Оборудование: ${parts.join(', ')}`;
};

/** The act text the dialog starts from; СО-7, СО-8, СО-4.x begin with the equipment line. */
export const defaultActText = (kind: ActKind, state: RequestData, tool: ActTool | null): string => {
  const line = equipmentLine(tool);
  const description = actDescription(state.request_text ?? '');
  switch (kind) {
    case ActKind.CO_7:
      return `${line}\nНеисправность: ${description}\nЗаключение: ${clean(state.comment_before as string | null) || 'требуется ремонт'}`;
    case ActKind.CO_8:
      return `${line}\nВыполнен ремонт: ${clean(state.comment_after as string | null)}`;
    case ActKind.CO_41:
      return `${line}\nОборудование передано в сервисный центр для диагностики и ремонта.\nНеисправность: ${description}`;
    case ActKind.CO_42:
      return `${line}\nОборудование получено из сервисного центра после ремонта.`;
    case ActKind.CO_13:
      return description;
    case ActKind.CO_3:
    case ActKind.LEARNING:
      return clean(state.note as string | null) || description;
  }
};

export const actTextMessages = {
  equipmentLine: "Оборудование редактируется в строке 'Оборудование'",
  tooLong: 'Текст акта не более 4000 символов',
} as const;
export const ACT_TEXT_MAX = 4000;

/** Why an edited act text is refused, or null: СО-7 must keep its equipment line as given. */
export const actTextError = (kind: ActKind, actText: string, tool: ActTool | null): string | null => {
  if (actText.length > ACT_TEXT_MAX) return actTextMessages.tooLong;
  if (kind === ActKind.CO_7 && !actText.split('\n').some((l) => l.trim() === equipmentLine(tool))) return actTextMessages.equipmentLine;
  return null;
};

export interface BuildActInput {
  readonly kind: ActKind;
  readonly signersCount: 2 | 3;
  readonly number: string;
  /** YYYY-MM-DD. */
  readonly date: string;
  readonly actText: string;
  readonly request: RequestData;
  readonly place: ActPlace;
  /** The request's tool (repairs) and commissioned tools, resolved by id. */
  readonly tools: ReadonlyMap<number, ActTool>;
  /** The branch's stock spares the request used. */
  readonly spares: readonly ActBranchSpare[];
  /** Whether costs are printed (the generating user holds RIGHT_VIEW_COST). */
  readonly showCosts?: boolean;
  readonly engineer: string;
  readonly signers: Readonly<Partial<Record<SignerRole, ActPerson>>>;
  readonly learningKind?: string;
}

const ymdToRu = (ymd: string | null | undefined) => (ymd ? `${ymd.slice(8, 10)}.${ymd.slice(5, 7)}.${ymd.slice(0, 4)}` : '');

/** Builds the act's data: pure, the same input gives the same data. */
export const buildActData = (input: BuildActInput): ActData => {
  const { request: r, kind } = input;
  const toolLines =
    kind === ActKind.CO_13
      ? r.tools_commissioning.map((t) => ({ tool: input.tools.get(t.tool_id) ?? null, place: t.settling_place, person: t.instructed_person }))
      : [{ tool: r.tool_id != null ? input.tools.get(r.tool_id as number) ?? null : null, place: '', person: '' }].filter((t) => t.tool);
  const person = (role: SignerRole) => input.signers[role] ?? { name: '', post: '' };
  const roles = rolesOf(input.signersCount);
  const result = r.result ? requestResultTitles[r.result as RequestResult] ?? '' : '';
  const show = input.showCosts === true;
  const cost = (n: number) => (show ? rub(n) : '');
  const branchSums = input.spares.map((s) => s.cost * s.amount);
  const worksSum = sumOf(r.works.map((w) => w.cost));
  const branchSum = sumOf(branchSums);
  const pbsSum = sumOf(r.spares_pbs.map((s) => s.cost));
  return {
    act_title: `АКТ ${actKindTitles[kind].replace(/^Акт /, '').toUpperCase()}`,
    act_name: actNames[kind],
    act_number: input.number,
    act_date: ymdToRu(input.date),
    act_year: input.date.slice(0, 4),
    region: input.place.region,
    branch_name: input.place.branch,
    court_name: input.place.court,
    court_address: input.place.courtAddress,
    unit_name: input.place.unit,
    unit_address: input.place.unitAddress,
    request_number: r.number != null ? String(r.number) : '',
    request_date: r.request_date_add ? ruDate(String(r.request_date_add)) : '',
    hotline_number: clean(r.hotlinegas_number as string | null),
    act_text: input.actText,
    result,
    note: clean((kind === ActKind.CO_13 ? r.fulfielled_works : r.note) as string | null),
    learning_kind: input.learningKind ?? '',
    engineer: input.engineer,
    iac_name: person('iac').name,
    iac_post: person('iac').post,
    unit_signer_name: person('unit').name,
    unit_signer_post: person('unit').post,
    final_name: input.signersCount === 3 ? person('final').name : '',
    final_post: input.signersCount === 3 ? person('final').post : '',
    signers_count: input.signersCount,
    has_final: input.signersCount === 3,
    tools: toolLines.map((t, i) => ({
      n: i + 1,
      title: clean(t.tool?.title) || 'без названия',
      serial: clean(t.tool?.serial),
      inventory: inventoryOf(t.tool?.inventory ?? ''),
      place: clean(t.place),
      person: clean(t.person),
    })),
    works: r.works.map((w, i) => ({ n: i + 1, title: w.title, cost: cost(w.cost) })),
    spares: [...input.spares.map((s) => s.title), ...r.spares_pbs.map((s) => s.title)].map((title, i) => ({ n: i + 1, title })),
    place_line: placeOf(input.place),
    object_line: objectLineOf(input.place),
    address_line: (input.place.unitAddress || input.place.courtAddress).trim(),
    show_costs: show,
    spares_branch: input.spares.map((s, i) => ({
      n: i + 1, code: s.code == null ? '' : String(s.code), title: s.title, amount: String(s.amount), cost: cost(s.cost), sum: cost(branchSums[i]!),
    })),
    spares_pbs: r.spares_pbs.map((s, i) => ({ n: i + 1, title: s.title, amount: '1', cost: cost(s.cost), sum: cost(s.cost) })),
    works_total: cost(worksSum),
    spares_branch_total: cost(branchSum),
    spares_pbs_total: cost(pbsSum),
    total: cost(sumOf([worksSum, branchSum, pbsSum])),
    students: r.students_list.map((s, i) => ({ n: i + 1, name: s.name, post: s.post })),
    signers: roles.map((role) => ({ role_title: signerRoleTitles[role], ...person(role) })),
  };
};
