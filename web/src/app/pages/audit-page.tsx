import { AuditScreen } from '@/features/audit';

/** /audit: the audit trail (decisions 97–99, RIGHT_AUDIT FULL). */
export const AuditPage = () => <AuditScreen />;
