/** What the notification handlers read outside their streams (implemented by projections/notification/lookups.ts). */
export interface NotificationLookupPort {
  /** Whether the notification was sent to the user (a mark-read names only the caller's own). */
  notificationHeldBy(notificationId: string, userId: number): Promise<boolean>;
}
