import type { NewsEvent } from '../../domain/news/decider';
import { documentProjection, table } from '../support/document-projection';

export interface NewsRow {
  [key: string]: unknown;
  id: number;
  date: string;
  title: string;
  description: string;
  program_id: number;
  files: unknown;
}

/** Support news (/gas-soft-renewal): one row per live item; a deleted item's row goes. */
export const newsProjection = documentProjection({
  name: 'news',
  version: 1,
  schema: /* sql */ `
    CREATE TABLE rm_news (
      id          integer PRIMARY KEY,
      date        date NOT NULL,
      title       text NOT NULL,
      description text NOT NULL,
      program_id  integer NOT NULL,
      files       jsonb NOT NULL
    );
    CREATE INDEX rm_news_date ON rm_news (date DESC, id DESC);
  `,
  eventTypes: ['NewsCreated', 'NewsUpdated', 'NewsDeleted'],
  tables: [
    table<NewsRow>({
      table: 'rm_news',
      key: 'id',
      columns: ['id', 'date', 'title', 'description', 'program_id', 'files'],
      keysOf: (e) => [(e as unknown as NewsEvent).data.id],
      evolve: (_row, e) => {
        const event = { type: e.type, data: e.data } as NewsEvent;
        if (event.type === 'NewsDeleted') return null;
        const { item, id } = event.data;
        return { id, date: item.date, title: item.title, description: item.description, program_id: item.program_id, files: item.gas_soft_renewals_files };
      },
    }),
  ],
});
