import { z } from 'zod';
import { actDataSchema, type ActData } from './data';
import { missingTags, stampTags, unknownTags, type ActTemplateKind, type TagShape } from './templates';

/**
 * One data contract per act template: the fields of the act data (data.ts) that act may print.
 * A template is checked against its act's contract when it is loaded (the built-in files) or
 * uploaded (a new version): a tag outside the contract is refused by name, so a template never
 * prints a field its act does not fill.
 */
const head = {
  act_title: true, act_name: true, act_number: true, act_date: true, act_year: true, region: true, branch_name: true,
  court_name: true, court_address: true, unit_name: true, unit_address: true, place_line: true, object_line: true,
  address_line: true, request_number: true, request_date: true, hotline_number: true, act_text: true, result: true,
  note: true, engineer: true, iac_name: true, iac_post: true, unit_signer_name: true, unit_signer_post: true,
  final_name: true, final_post: true, signers_count: true, has_final: true, signers: true,
} as const;
const tools = { tools: true } as const;
const repair = {
  works: true, spares: true, spares_branch: true, spares_pbs: true, show_costs: true, works_total: true,
  spares_branch_total: true, spares_pbs_total: true, total: true,
} as const;

export const actContracts = {
  'act-co-1.3-2': actDataSchema.pick({ ...head, ...tools }),
  'act-co-1.3': actDataSchema.pick({ ...head, ...tools }),
  'act-co-3': actDataSchema.pick({ ...head, works: true }),
  'act-co-7': actDataSchema.pick({ ...head, ...tools }),
  'act-co-8': actDataSchema.pick({ ...head, ...tools, ...repair }),
  'act-co-4.1': actDataSchema.pick({ ...head, ...tools }),
  'act-co-4.2': actDataSchema.pick({ ...head, ...tools }),
  'act-learning': actDataSchema.pick({ ...head, learning_kind: true, students: true }),
} satisfies Record<ActTemplateKind, z.ZodTypeAny>;

const unwrap = (t: z.ZodTypeAny): z.ZodTypeAny =>
  t instanceof z.ZodDefault || t instanceof z.ZodOptional || t instanceof z.ZodNullable ? unwrap(t._def.innerType as z.ZodTypeAny) : t;

/** The tags a zod object offers a template: a field is a tag, a list of objects a loop with its fields. */
export const tagsOfSchema = (schema: z.AnyZodObject): TagShape =>
  Object.fromEntries(
    Object.entries(schema.shape as Record<string, z.ZodTypeAny>).map(([key, t]) => {
      const inner = unwrap(t);
      const element = inner instanceof z.ZodArray ? unwrap(inner.element as z.ZodTypeAny) : null;
      return [key, element instanceof z.ZodObject ? tagsOfSchema(element) : {}];
    }),
  );

/** Every tag a template of `kind` may use: its contract's plus the stamps of the signed copy. */
export const actTagsOf = (kind: ActTemplateKind): TagShape => {
  const tags = tagsOfSchema(actContracts[kind]);
  return { ...tags, signers: { ...tags.signers, stamp: stampTags }, stamps: stampTags };
};

/** Why a template cannot serve `kind` ('' when it can): unknown tags by path, required ones missing. */
export const templateContractErrors = (kind: ActTemplateKind, found: TagShape): { unknown: string[]; missing: string[] } => ({
  unknown: unknownTags(found, actTagsOf(kind)),
  missing: missingTags(found),
});

/** The act's data as its contract reads it (throws on a field of the wrong shape). */
export const contractData = (kind: ActTemplateKind, data: ActData) => actContracts[kind].parse(data);

