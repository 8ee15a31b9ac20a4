import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  readonly from: string;
  readonly to: string[];
  readonly raw: string;
  readonly subject: string;
}

/** A real SMTP server (npm smtp-server) that keeps what it receives, for tests of outgoing mail. */
export const startSmtpSink = async (options: { port?: number; received?: ReceivedMail[] } = {}) => {
  const received: ReceivedMail[] = options.received ?? [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const encoded = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject: decodeMimeWords(encoded.replace(/\r?\n[ \t]/g, ' ')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/** Decodes RFC 2047 encoded words (=?UTF-8?B?...?= and =?UTF-8?Q?...?=). */
const decodeMimeWords = (s: string) =>
  s.replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=\s*/g, (_m, _charset: string, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
  );
