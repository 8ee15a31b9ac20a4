import type { Socket } from 'node:net';
import { BAD_REQUEST } from './errors';

const URL_TOO_LONG = 'Слишком длинный адрес запроса';
const HEADERS_TOO_LARGE = 'Слишком большие заголовки запроса';
/** Longest request line taken for one with large headers rather than a long address. */
const LONG_REQUEST_LINE = 8 * 1024;

const reasons: Readonly<Record<number, string>> = { 400: 'Bad Request', 408: 'Request Timeout', 414: 'URI Too Long', 431: 'Request Header Fields Too Large' };

/** Node's clientError (fastify types `rawPacket` loosely; it is the chunk the parser failed on). */
interface ClientError extends Error {
  readonly code?: string;
  readonly rawPacket?: unknown;
}

/** Whether the request that overflowed the header limit did so on its first line (the address). */
const longRequestLine = (packet: unknown): boolean => {
  if (!Buffer.isBuffer(packet)) return false;
  const raw = packet;
  const end = raw.indexOf('\r\n');
  return end < 0 ? raw.length > LONG_REQUEST_LINE : end > LONG_REQUEST_LINE;
};

const answerOf = (error: ClientError): { status: number; message: string } => {
  if (error.code === 'HPE_HEADER_OVERFLOW') return longRequestLine(error.rawPacket) ? { status: 414, message: URL_TOO_LONG } : { status: 431, message: HEADERS_TOO_LARGE };
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, message: 'Превышено время ожидания запроса' };
  return { status: 400, message: BAD_REQUEST };
};

/**
 * Requests Node's HTTP parser refuses before fastify sees them (headers or an address beyond the
 * 16 KB header limit, malformed bytes) get the Russian JSON every other error gets, instead of
 * Node's English one or a closed socket. The rest of what the client sends is read and dropped
 * for a moment: closing at once while it is still sending (a 6 MB address) resets the connection
 * before it reads the answer.
 */
export const answerClientError = (error: ClientError, socket: Socket): void => {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const { status, message } = answerOf(error);
  const body = JSON.stringify({ message });
  // Node's parser reads the socket itself; it is detached so that the rest can be read and dropped.
  (socket as Socket & { parser?: { unconsume?: () => void } }).parser?.unconsume?.();
  socket.removeAllListeners('data');
  socket.on('data', () => {});
  socket.resume();
  socket.on('error', () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${status} ${reasons[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
  setTimeout(() => socket.destroy(), 5_000).unref();
};
