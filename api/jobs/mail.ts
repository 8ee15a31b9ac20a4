import nodemailer from 'nodemailer';
import type { JobQueue } from '../../infrastructure/jobs';
import type { Logger } from '../../infrastructure/logger';
import { MAIL_JOB, type MailMessage } from '../../infrastructure/mail';

/**
 * The mail job: SMTP when SMTP_URL is set; otherwise messages are written to the log (the demo has
 * no mail server), so a missing server never piles up failed jobs.
 */
export const registerMailJob = (jobs: JobQueue, config: { smtpUrl: string | null; mailFrom: string }, log: Logger) => {
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : nodemailer.createTransport({ jsonTransport: true });
  jobs.register(MAIL_JOB, async (data, info) => {
    const m = data as MailMessage;
    if (m.to.length === 0) return 'no recipients';
    const sent = await transport.sendMail({ from: config.mailFrom, to: [...m.to], subject: m.subject, text: m.text });
    if (!config.smtpUrl) log.info({ jobId: info.jobId, to: m.to, subject: m.subject }, 'mail written to the log (no SMTP_URL)');
    return sent.messageId;
  });
};
