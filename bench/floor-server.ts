/**
 * The bare server of the command floor (bench/floors.ts), run as its own process: fastify and pg,
 * none of the application's code. `node --import tsx bench/floor-server.ts` with DATABASE_URL; listens
 * on a free port and prints `listening <url>` once it answers.
 */
import Fastify from 'fastify';
import pg from 'pg';
import { FLOOR_EVENT } from './floors';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, keepAlive: true });
const app = Fastify();
const append = (streamId: string, revision: number) =>
  pool.query<{ p: string }>({
    name: 'floor_append',
    text: 'INSERT INTO floor_events (stream_id, stream_revision, type, data, metadata) VALUES ($1, $2, $3, $4::jsonb, $5::jsonb) RETURNING global_position AS p',
    values: [streamId, revision, FLOOR_EVENT.type, FLOOR_EVENT.data, FLOOR_EVENT.metadata],
  });
const idOf = (body: unknown): number => {
  const id = Number((body as { id?: unknown } | null)?.id);
  if (!Number.isSafeInteger(id)) throw new Error('id');
  return id;
};

app.post('/noop', async (req) => ({ ok: true, id: idOf(req.body) }));
app.post('/append', async (req) => {
  await append(`floor-once-${idOf(req.body)}-${Math.random()}`, 0);
  return { ok: true };
});
app.post('/command', async (req) => {
  const id = idOf(req.body);
  const stream = `floor-${id}`;
  const head = await pool.query<{ r: string | null }>({ name: 'floor_head', text: 'SELECT max(stream_revision) AS r FROM floor_events WHERE stream_id = $1', values: [stream] });
  const revision = Number(head.rows[0]?.r ?? -1) + 1;
  const position = (await append(stream, revision)).rows[0]!.p;
  // The read side: the row and the checkpoint in one transaction, sent as one round trip.
  await pool.query(`BEGIN;
    INSERT INTO floor_rows (id, revision, data) VALUES (${id}, ${revision}, '${FLOOR_EVENT.data.replace(/'/g, "''")}'::jsonb)
      ON CONFLICT (id) DO UPDATE SET revision = excluded.revision, data = excluded.data;
    UPDATE floor_checkpoint SET position = greatest(position, ${BigInt(position)});
    COMMIT`);
  return { ok: true, revision };
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`listening ${address}\n`);
