import { dayjs } from '@/lib/dayjs';

export { formatDate } from '@domain/shared/dates';

/** A timestamp as DD.MM.YYYY HH:mm in the browser's time zone; empty when absent or unreadable. */
export const formatDateTime = (value: string | null | undefined): string => {
  if (!value) return '';
  const d = dayjs(value);
  return d.isValid() ? d.format('DD.MM.YYYY HH:mm') : '';
};
