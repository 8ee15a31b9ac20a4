import { NewsScreen } from '@/features/news';

/** /gas-soft-renewal 'Новости поддержки' (administration.md 2.10). */
export const NewsPage = () => <NewsScreen />;
