// Placeholder until the card is built (issue 11): the interface the pages rely on.
export interface ToolCardDialogProps {
  /** The tool to open; null for a new one. */
  readonly toolId: number | null;
  /** A new tool filled from this one (copy). */
  readonly copyFromId?: number | null;
  readonly onClose: () => void;
  readonly onSaved?: (id: number) => void;
}

export const ToolCardDialog = (_props: ToolCardDialogProps) => null;
