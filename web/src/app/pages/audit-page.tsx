import { AuditScreen } from '@/features/audit';

/** /audit: the audit trail (issue 17, RIGHT_AUDIT FULL). */
export const AuditPage = () => <AuditScreen />;
