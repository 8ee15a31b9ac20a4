import type { ToolKindReference, ToolModelReference } from '../../domain/tool/references';

/**
 * What the tool handlers read outside their streams: catalogue references (kind, model, trait
 * values, movement events), answered by read models that may lag by tens of milliseconds. Units and
 * programs come through the request port's `networkUnits`, `catalogItemExists` and `program`.
 */
export type { ToolKindReference, ToolModelReference };

export interface ToolLookupPort {
  /** A tool kind that is not deleted. */
  toolKind(id: number): Promise<ToolKindReference | null>;
  /** A tool model that is not deleted. */
  toolModel(id: number): Promise<ToolModelReference | null>;
  /** The value ids of each trait among `ids` that exists (catalogue 'tools_traits'). */
  traitValues(ids: readonly number[]): Promise<ReadonlyMap<number, readonly number[]>>;
}
