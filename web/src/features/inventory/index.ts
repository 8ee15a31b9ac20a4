export { InventoryScreen } from './components/inventory-screen';
