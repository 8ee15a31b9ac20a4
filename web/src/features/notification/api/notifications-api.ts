import { z } from 'zod';
import { NotificationState } from '@domain/notification';
import { api } from '@/lib/api';

const notificationSchema = z.object({
  /** The server derives ids from what created them, e.g. 'c15-3-1' (domain/notification). */
  id: z.union([z.string().min(1), z.number()]),
  date_time: z.string().nullable(),
  info: z.string(),
  /** The request the notification is about. */
  object_id: z.number().nullable(),
  state: z.number(),
});

export type AppNotification = z.output<typeof notificationSchema>;

const listSchema = z.object({ notifications: z.array(notificationSchema) });
const pageSchema = listSchema.extend({ pagesCount: z.number().optional(), itemsCount: z.number().optional() });

export interface NotificationsPage {
  readonly items: AppNotification[];
  readonly pagesCount: number;
  readonly itemsCount: number;
}

export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/notifications/{userId}: the caller's new ones (state 1), newest first, as the bell counts them. */
    notifications: build.query<AppNotification[], number>({
      query: (userId) => `/notifications/${userId}`,
      transformResponse: (raw: unknown) => listSchema.parse(raw).notifications,
      providesTags: ['Notifications'],
    }),
    /**
     * GET /api/notifications/{userId}?pageNumber=N[&state=1]: one page (20) of the caller's
     * notifications, new and read (or only the new ones), newest first, with the counts (the
     * /notifications page).
     */
    notificationsPage: build.query<NotificationsPage, { readonly userId: number; readonly page: number; readonly unreadOnly: boolean }>({
      query: ({ userId, page, unreadOnly }) => ({
        url: `/notifications/${userId}`,
        params: unreadOnly ? { pageNumber: page, state: NotificationState.NEW } : { pageNumber: page },
      }),
      transformResponse: (raw: unknown) => {
        const r = pageSchema.parse(raw);
        return { items: r.notifications, pagesCount: r.pagesCount ?? 1, itemsCount: r.itemsCount ?? r.notifications.length };
      },
      providesTags: ['Notifications'],
    }),
    /** PUT /api/notifications/{id} { state: 2 }. */
    markNotificationRead: build.mutation<void, AppNotification['id']>({
      query: (id) => ({ url: `/notifications/${encodeURIComponent(id)}`, method: 'PUT', body: { state: NotificationState.READ } }),
      invalidatesTags: ['Notifications'],
      extraOptions: { successNotice: false },
    }),
  }),
});

export const { useNotificationsQuery, useNotificationsPageQuery, useMarkNotificationReadMutation } = notificationsApi;
