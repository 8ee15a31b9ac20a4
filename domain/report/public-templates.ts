import { actTemplateKinds } from '../act/templates';
import type { RightKey } from '../rights/catalog';
import { RightValue } from '../rights/values';
import { ksaCodes, technicalDocuments, templateFileOf } from './technical/documents';

/**
 * The templates the product fills, readable at /public/templates/{name} (requests.md 7, equipment.md 7):
 * the acts' Word templates (the version in use), the technical documents' blanks per KSA code and the
 * list exports' Word templates. Read-only, for those holding the right of what they produce; any
 * other name is not found.
 */
export type PublicTemplateSource =
  | { readonly kind: 'act'; readonly act: (typeof actTemplateKinds)[number] }
  | { readonly kind: 'technical'; readonly file: string }
  | { readonly kind: 'export'; readonly list: 'requests' | 'tools' };

export interface PublicTemplate {
  readonly name: string;
  readonly right: { readonly key: RightKey; readonly values: readonly RightValue[] };
  readonly source: PublicTemplateSource;
}

const READ = [RightValue.OWN, RightValue.ALL] as const;
export const publicTemplates: readonly PublicTemplate[] = [
  ...actTemplateKinds.map((act) => ({ name: act, right: { key: 'RIGHT_REQUEST_READ' as const, values: READ }, source: { kind: 'act' as const, act } })),
  ...technicalDocuments.flatMap((d) =>
    [...ksaCodes, null].map((ksa) => {
      const file = templateFileOf(d.id, ksa);
      return { name: file.replace(/\.docx$/, ''), right: { key: 'RIGHT_REQUEST_READ' as const, values: READ }, source: { kind: 'technical' as const, file } };
    }),
  ),
  { name: 'requests-list', right: { key: 'RIGHT_REQUEST_READ', values: READ }, source: { kind: 'export', list: 'requests' } },
  { name: 'equipment-lst', right: { key: 'RIGHT_TOOLS_READ', values: READ }, source: { kind: 'export', list: 'tools' } },
];

export const publicTemplateMessages = { notFound: 'Шаблон не найден' } as const;

/** The template of a name as the client asks for it, with or without '.docx'. */
export const findPublicTemplate = (name: string): PublicTemplate | undefined => {
  const bare = name.replace(/\.docx$/i, '');
  return publicTemplates.find((t) => t.name === bare);
};
