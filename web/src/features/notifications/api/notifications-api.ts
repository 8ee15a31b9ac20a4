import { z } from 'zod';
import { NotificationState } from '../../../../../domain/notification';
import { api } from '../../../lib/api';

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

export const notificationsApi = api.enhanceEndpoints({ addTagTypes: ['Notifications'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/notifications/{userId}; until the server has the route its 404 just means none. */
    notifications: build.query<AppNotification[], number>({
      query: (userId) => `/notifications/${userId}`,
      transformResponse: (raw: unknown) => listSchema.parse(raw).notifications,
      providesTags: ['Notifications'],
      extraOptions: { quiet: [404] },
    }),
    /** PUT /api/notifications/{id} { state: 2 }. */
    markNotificationRead: build.mutation<void, AppNotification['id']>({
      query: (id) => ({ url: `/notifications/${encodeURIComponent(id)}`, method: 'PUT', body: { state: NotificationState.READ } }),
      invalidatesTags: ['Notifications'],
      extraOptions: { quiet: [404], successNotice: false },
    }),
  }),
});

export const { useNotificationsQuery, useMarkNotificationReadMutation } = notificationsApi;
