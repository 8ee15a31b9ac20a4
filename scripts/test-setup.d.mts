export declare class SetupMissing extends Error {
  constructor(ru: string, en: string, fix: string);
}
export interface MachineProgram {
  readonly ru: string;
  readonly en: string;
  readonly present: () => boolean;
  readonly packages: readonly string[];
}
export declare const machinePrograms: readonly MachineProgram[];
/** `root`: whether apt may be run (default: this process is root). */
export declare const ensurePrograms: (programs?: readonly MachineProgram[], root?: boolean) => void;
export declare const adminDatabaseUrl: () => string;
export declare const testRedisUrl: () => string;
export declare const ensurePostgres: () => Promise<void>;
export declare const ensureRedis: () => Promise<void>;
export declare const ensureDependencies: () => void;
export declare const setUpTests: () => Promise<void>;
