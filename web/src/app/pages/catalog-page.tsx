import { useLocation } from 'react-router';
import { CatalogScreen, catalogAt } from '@/features/catalog';

/**
 * Every simple reference route (/posts, /manufacturers, …) opens this page: the address names the
 * catalogue, and the screen is keyed by it so moving between references starts afresh.
 */
export const CatalogPage = () => {
  const name = catalogAt(useLocation().pathname);
  return name ? <CatalogScreen key={name} name={name} /> : null;
};
