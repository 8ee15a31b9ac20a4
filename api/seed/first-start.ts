import { sql, type DatabasePool } from 'slonik';
import type { Config } from '../config';
import { StartupError } from '../start-failure';

/**
 * Whether the first start's seeding finished, kept in `app_settings` (`first_start`: 'seeding',
 * then 'done'). A database whose log has events but no mark was seeded before the mark existed (or
 * loaded by bench:seed) and counts as done.
 */
type FirstStart = 'seeding' | 'done' | null;

export const firstStartState = async (pool: DatabasePool): Promise<FirstStart> =>
  ((await pool.maybeOneFirst(sql.unsafe`SELECT value FROM app_settings WHERE key = 'first_start'`)) as FirstStart | null) ?? null;

export const markFirstStart = async (pool: DatabasePool, state: Exclude<FirstStart, null>): Promise<void> => {
  await pool.query(sql.unsafe`
    INSERT INTO app_settings (key, value) VALUES ('first_start', ${state})
    ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`);
};

/** A first start that died while seeding left part of the data: serving it would hide the loss. */
export const interruptedSeed = (config: Pick<Config, 'databaseUrl' | 'dataDir'>): StartupError =>
  new StartupError(
    'Первый запуск был прерван во время заполнения базы данных: данные в ней неполные.\n' +
      (config.databaseUrl
        ? 'Создайте базу данных заново (dropdb и createdb, база из DATABASE_URL) и запустите службу снова.'
        : `Удалите папку данных ${config.dataDir} (в ней ещё нет рабочих данных) и запустите npm start снова.`),
  );
