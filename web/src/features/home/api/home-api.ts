import type { HomeData } from '@domain/home/contracts';
import { api } from '@/lib/api';

export const homeApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/home: the signed-in user's numbers; refreshed with the lists they count. */
    home: build.query<HomeData, void>({
      query: () => '/home',
      providesTags: ['RequestList', 'Notifications', 'SignDocuments'],
    }),
  }),
});

export const { useHomeQuery } = homeApi;
