/** An e-mail as the mail job sends it (job name `mail`). */
export interface MailMessage {
  readonly to: readonly string[];
  readonly subject: string;
  readonly text: string;
}

export const MAIL_JOB = 'mail';

/**
 * An outbox mail's result when SMTP_URL is unset: the mail is kept in the outbox (its subject,
 * recipients and text open on the outbox screen), delivered to the service's own mailbox.
 */
export const KEPT_MAIL_RESULT = 'Доставлено в почтовый ящик службы (SMTP_URL не задан): текст открывается в списке исходящих';
