import { z } from 'zod';
import { ActKind } from '../request/enums';

/**
 * The Word templates of acts (templates/acts/{kind}.docx; requests.md 9: 'act-co-1.3-2' and
 * 'act-co-1.3' for СО-1.3 with 2 and 3 signers). The built-in files are version 1 of each; an
 * administrator replaces one by uploading a new version (stream `act-template-{kind}`).
 */
export const actTemplateKinds = [
  'act-co-1.3-2',
  'act-co-1.3',
  'act-co-3',
  'act-co-7',
  'act-co-8',
  'act-co-4.1',
  'act-co-4.2',
  'act-learning',
] as const;
export type ActTemplateKind = (typeof actTemplateKinds)[number];

/** A template kind in a path (POST /api/act_templates/{kind}). */
export const actTemplateKindSchema = z.enum(actTemplateKinds);
export const isActTemplateKind = (v: unknown): v is ActTemplateKind => actTemplateKindSchema.safeParse(v).success;

export const actTemplateTitles: Readonly<Record<ActTemplateKind, string>> = {
  'act-co-1.3-2': 'Акт СО-1.3 (2 подписанта)',
  'act-co-1.3': 'Акт СО-1.3 (3 подписанта)',
  'act-co-3': 'Акт СО-3',
  'act-co-7': 'Акт СО-7',
  'act-co-8': 'Акт СО-8',
  'act-co-4.1': 'Акт СО-4.1',
  'act-co-4.2': 'Акт СО-4.2',
  'act-learning': 'Акт обучения',
};

const templateOfKind: Readonly<Record<Exclude<ActKind, 'CO_13'>, ActTemplateKind>> = {
  CO_3: 'act-co-3',
  CO_7: 'act-co-7',
  CO_8: 'act-co-8',
  CO_41: 'act-co-4.1',
  CO_42: 'act-co-4.2',
  LEARNING: 'act-learning',
};

/** The template an act is rendered from: only СО-1.3 has a separate file per signers count. */
export const templateKindOf = (kind: ActKind, signersCount: 2 | 3): ActTemplateKind =>
  kind === ActKind.CO_13 ? (signersCount === 2 ? 'act-co-1.3-2' : 'act-co-1.3') : templateOfKind[kind];

/** Acts signed by two only, whatever the organisation kind says (requests.md 9). */
export const twoSignerActs: readonly ActKind[] = [ActKind.CO_41, ActKind.CO_42];
export const signersCountOf = (kind: ActKind, requested: 2 | 3): 2 | 3 => (twoSignerActs.includes(kind) ? 2 : requested);

/**
 * A template's tags as docxtemplater's InspectModule reports them: a plain tag maps to {}, a loop
 * or section to the tags used inside it.
 */
export interface TagShape {
  readonly [tag: string]: TagShape;
}

const leaf: TagShape = {};
const leaves = (...names: string[]): TagShape => Object.fromEntries(names.map((n) => [n, leaf]));
export const stampTags = leaves('stamp_title', 'stamp_role', 'stamp_owner', 'stamp_serial', 'stamp_valid', 'stamp_signed_at', 'stamp_note');

/** Every tag the act data provides (domain/act/data.ts): what any act template may use. */
export const actDataTags: TagShape = {
  ...leaves(
    'act_title', 'act_name', 'act_number', 'act_date', 'act_year', 'region', 'branch_name', 'court_name', 'court_address',
    'unit_name', 'unit_address', 'request_number', 'request_date', 'hotline_number', 'act_text', 'result', 'note',
    'learning_kind', 'iac_name', 'iac_post', 'unit_signer_name', 'unit_signer_post', 'final_name', 'final_post',
    'signers_count', 'has_final', 'engineer', 'place_line', 'object_line', 'address_line', 'show_costs', 'works_total',
    'spares_branch_total', 'spares_pbs_total', 'total',
  ),
  tools: leaves('n', 'title', 'serial', 'inventory', 'place', 'person'),
  works: leaves('n', 'title', 'cost'),
  spares_branch: leaves('n', 'code', 'title', 'amount', 'cost', 'sum'),
  spares_pbs: leaves('n', 'title', 'amount', 'cost', 'sum'),
  spares: leaves('n', 'title'),
  students: leaves('n', 'name', 'post'),
  signers: { ...leaves('role_title', 'post', 'name'), stamp: stampTags },
  stamps: stampTags,
};

/**
 * Tags every act template must have: the number, the date and a place for the stamps of the signed
 * copy: the list `{#stamps}`, or a stamp in each signer's row (`{#signers}…{#stamp}…{/stamp}…`).
 */
export const requiredTemplateTags = ['act_number', 'act_date', 'stamps'] as const;

/** Tags of `found` that `allowed` does not know, as 'loop.tag' paths. */
export const unknownTags = (found: TagShape, allowed: TagShape = actDataTags, prefix = ''): string[] =>
  Object.entries(found).flatMap(([tag, inner]) => {
    const path = `${prefix}${tag}`;
    const known = allowed[tag];
    if (!known) return [path];
    // Tags inside a section resolve in it and, as docxtemplater looks them up, in the scopes around it;
    // a plain tag used as a section ({#has_final}…{/has_final}, {#stamp_note}…) opens no scope of its own.
    const innerAllowed = Object.keys(known).length ? { ...allowed, ...known } : allowed;
    return unknownTags(inner, innerAllowed, `${path}.`);
  });

export const missingTags = (found: TagShape): string[] => {
  const stamped = 'stamps' in found || Boolean(found.signers && 'stamp' in found.signers);
  return requiredTemplateTags.filter((t) => (t === 'stamps' ? !stamped : !(t in found)));
};

export const templateMessages = {
  notDocx: 'Шаблон должен быть документом Word (.docx)',
  broken: (details: string) => `Шаблон повреждён: ${details}`,
  unknownTags: (tags: readonly string[]) => `В шаблоне неизвестные поля: ${tags.join(', ')}`,
  missingTags: (tags: readonly string[]) => `В шаблоне нет обязательных полей: ${tags.join(', ')}`,
  unknownKind: 'Неизвестный шаблон акта',
  uploaded: (title: string, version: number) => `Шаблон «${title}» заменён, версия ${version}`,
} as const;
