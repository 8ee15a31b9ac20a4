/** What the tool write side reads of the catalogues (answered by the read side, see commands/tool/lookup-port.ts). */
export interface ToolKindReference {
  readonly id: number;
  readonly soft_updatable: boolean;
  /** The kind's characteristics (trait ids). */
  readonly traits: readonly number[];
}

export interface ToolModelReference {
  readonly id: number;
  readonly tool_kind_id: number;
  readonly manufacturer_id: number;
}
