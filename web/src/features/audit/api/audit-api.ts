import type { AuditFilterInput } from '@domain/audit/filter';
import { api } from '@/lib/api';
import { saveDownload } from '@/lib/download';

export interface AuditEntry {
  position: string;
  ts: string;
  user_id: number | null;
  user: string | null;
  kind: string;
  kind_title: string;
  object_id: string;
  event_type: string;
  summary: string;
  correlation_id: string | null;
}

const filterPath = (f: AuditFilterInput) => encodeURIComponent(JSON.stringify(f));

/** GET /api/audit, /api/audit_users and /api/audit_export/{filter} (RIGHT_AUDIT FULL, decisions 97–99). */
export const auditApi = api.injectEndpoints({
  endpoints: (build) => ({
    audit: build.query<{ audit: AuditEntry[]; next: string | null }, AuditFilterInput>({
      query: (f) => `/audit?filter=${filterPath(f)}`,
    }),
    auditUsers: build.query<Array<{ id: number; fio: string }>, void>({
      query: () => '/audit_users',
      transformResponse: (raw: { users: Array<{ id: number; fio: string }> }) => raw.users,
    }),
    exportAudit: build.mutation<{ fileName: string }, AuditFilterInput>({
      query: (f) => ({
        url: `/audit_export/${filterPath(f)}`,
        responseHandler: async (response) => {
          if (!response.ok) return response.json().catch(() => null);
          return { fileName: await saveDownload(response, 'Журнал аудита.xlsx') };
        },
        cache: 'no-store',
      }),
    }),
  }),
});

export const { useAuditQuery, useAuditUsersQuery, useExportAuditMutation } = auditApi;
