import { createContext, useContext } from 'react';
import type { ToolState } from '@domain/tool/states';
import type { ToolKindTraits } from '../api/types';
import type { ToolEditItem } from '../model/editable';

/** What the card's tabs share besides the form. */
export interface ToolCardContextValue {
  /** The saved tool's id (null while new or inside a set). */
  readonly toolId: number | null;
  /** The stored state (drives the state choices); null while new. */
  readonly storedState: ToolState | null;
  /** What this caller may edit in the tool's state (the domain machine's items). */
  readonly groups: ReadonlySet<ToolEditItem>;
  /** Inside the set dialog: the tool is returned, not saved; files wait for its own card. */
  readonly member: boolean;
  readonly kindTraits: ToolKindTraits | null;
  /** Keeps a new file until the save sends it; returns its key. */
  readonly addFile: (file: File) => string;
  readonly dropFile: (key: string) => void;
  readonly pendingFile: (key: string) => File | undefined;
}

export const ToolCardContext = createContext<ToolCardContextValue | null>(null);

export const useToolCard = (): ToolCardContextValue => {
  const value = useContext(ToolCardContext);
  if (!value) throw new Error('a tool card tab outside the card');
  return value;
};
