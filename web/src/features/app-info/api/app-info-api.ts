import { z } from 'zod';
import { api } from '@/lib/api';

const appInfoSchema = z.object({
  title: z.string(),
  version: z.string(),
  infoVersion: z.string(),
  /** 'YYYY-MM-DD' */
  date: z.string(),
  supportPhone: z.string(),
});

export type AppInfo = z.output<typeof appInfoSchema>;

export const appInfoApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/app_info (public): title, version, date and the support phone. */
    appInfo: build.query<AppInfo, void>({
      query: () => '/app_info',
      transformResponse: (raw: unknown) => appInfoSchema.parse(raw),
      keepUnusedDataFor: 24 * 60 * 60,
    }),
  }),
});

export const { useAppInfoQuery } = appInfoApi;
