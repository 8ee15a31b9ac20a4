import { z } from 'zod';
import { actKindTitles, ActKind, requestResultTitles, type RequestResult } from '../request/enums';
import { actDescription } from '../request/acts';
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
  works: row({ n: z.number(), title: text }),
  spares: row({ n: z.number(), title: text }),
  students: row({ n: z.number(), name: text, post: text }),
  signers: row({ role_title: text, post: text, name: text }),
});
export type ActData = z.infer<typeof actDataSchema>;
/** What a template is rendered with: the act data plus the stamps (none on the original). */
export type ActRenderData = ActData & { stamps: StampRow[] };

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
}

export const actNames: Readonly<Record<ActKind, string>> = {
  CO_13: 'ввода в эксплуатацию оборудования',
  CO_3: 'о выполненных работах по сопровождению программного обеспечения',
  CO_7: 'технического состояния оборудования',
  CO_8: 'о выполнении ремонта оборудования',
  CO_41: 'передачи оборудования в сервисный центр',
  CO_42: 'приёмки оборудования из сервисного центра',
  LEARNING: 'о проведении обучения пользователей',
};

/** 'бн…' inventory numbers and 'undefined'/'noname' names count as empty (requests.md 5). */
const clean = (s: string | null | undefined) => {
  const v = (s ?? '').trim();
  return v === 'undefined' || v === 'noname' ? '' : v;
};
const inventoryOf = (s: string) => (clean(s).toLowerCase().startsWith('бн') ? '' : clean(s));

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
  readonly spares: readonly string[];
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
    works: r.works.map((w, i) => ({ n: i + 1, title: w.title })),
    spares: [...input.spares, ...r.spares_pbs.map((s) => s.title)].map((title, i) => ({ n: i + 1, title })),
    students: r.students_list.map((s, i) => ({ n: i + 1, name: s.name, post: s.post })),
    signers: roles.map((role) => ({ role_title: signerRoleTitles[role], ...person(role) })),
  };
};
