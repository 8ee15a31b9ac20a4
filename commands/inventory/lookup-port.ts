import type { InventoryTool } from '../../domain/inventory';

/** What the inventory handlers read from the registry (the tools read model; it may lag by milliseconds). */
export interface InventoryLookupPort {
  /** Tools registered at the units (not deleted): a round's expected list. */
  inventoryToolsOfUnits(unitIds: readonly number[]): Promise<InventoryTool[]>;
  /** A tool by id (not deleted). */
  inventoryToolById(id: number): Promise<InventoryTool | null>;
  /** Tools whose inventory or serial number equals the code (case-insensitive), at most a few. */
  inventoryToolsByNumber(code: string): Promise<InventoryTool[]>;
}
