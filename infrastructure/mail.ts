/** An e-mail as the mail job sends it (job name `mail`). */
export interface MailMessage {
  readonly to: readonly string[];
  readonly subject: string;
  readonly text: string;
}

export const MAIL_JOB = 'mail';
