export declare const webAliasDirs: Readonly<Record<string, string>>;
export declare const viteAliases: { find: string; replacement: string }[];
export declare const aliasPackageIterator: (request: string, start: string, defaultCandidates: () => string[]) => string[];
