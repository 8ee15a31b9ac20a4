import { PublicDocsScreen, PublicOrderScreen } from '@/features/public-docs';

/** /public-docs: the administrator fills the orders folder (decisions 87–96). */
export const PublicDocsPage = () => <PublicDocsScreen />;

/** /public-order?name=…: one order, in its own tab. */
export const PublicOrderPage = () => <PublicOrderScreen />;
