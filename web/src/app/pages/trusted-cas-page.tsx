import { TrustedCasScreen } from '@/features/signing';

/** /trusted-cas: 'Доверенные УЦ' (RIGHT_SIGNING_CERTIFICATES FULL). */
export const TrustedCasPage = () => <TrustedCasScreen />;
