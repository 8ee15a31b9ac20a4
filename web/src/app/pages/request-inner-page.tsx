import { InnerRequestsScreen } from '@/features/inner-request';

/** /request-inner: requests to the administrator (administration.md 2.9). */
export const RequestInnerPage = () => <InnerRequestsScreen />;
