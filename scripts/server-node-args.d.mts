export declare const serverNodeArgs: (env?: Record<string, string | undefined>) => string[];
