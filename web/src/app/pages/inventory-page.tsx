import { InventoryScreen } from '@/features/inventory';

/** /inventory (inventory rounds, beyond the spec). */
export const InventoryPage = () => <InventoryScreen />;
