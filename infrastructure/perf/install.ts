import { installZodEffects } from './zod-effects';

/**
 * The tricks that patch a library for the whole process, installed by each entry point of the server
 * side (api/main.ts, the CLI commands, the read side's worker thread, the report child process, the
 * bench, the test set-ups) and never by importing a module, so the browser, which imports the same
 * domain code, runs the libraries as published. Each follows its switch (switches.ts).
 *
 * The other tricks need no installing: prepared statements are turned on by the server's start
 * (api/server.ts, from api/config.ts), generated functions are chosen when their module loads, and
 * the stream cache is read by the request commands.
 */
export const installServerTricks = (): void => {
  installZodEffects();
};
