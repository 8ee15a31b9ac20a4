import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import globals from 'globals';
import importPlugin from 'eslint-plugin-import';
import { aliasPackageIterator } from './web/aliases.mjs';

// The layers and the direction of their imports (docs/ARCHITECTURE.md): domain ← infrastructure ←
// commands / projections ← processors ← api; web sees only web and domain.
const layers = ['./domain', './infrastructure', './commands', './projections', './processors', './api', './web'];
const notFrom = (target, allowed, message) => ({ target, from: layers.filter((l) => l !== target && !allowed.includes(l)), message });
// Server folders checked for import cycles: on the whole tree no-cycle took lint from ~23 s to ~35 s
// (2 cores), on these to ~26 s. The web had no cycle when measured.
const serverFolders = ['domain', 'infrastructure', 'commands', 'projections', 'processors', 'api'];
// The client as bulletproof-react shapes it: app → features → shared folders, and no feature imports
// another (what two features share moves to a shared folder; the app composes features).
const webFeatures = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
const webShared = ['components', 'hooks', 'lib', 'utils', 'config'].map((f) => `./web/src/${f}`);
const webZones = [
  ...webFeatures.map((f) => ({
    target: `./web/src/features/${f}`,
    from: './web/src/features',
    except: [`./${f}`],
    message: 'A feature does not import another feature: move the shared part to a shared folder, or compose them in app/.',
  })),
  { target: './web/src/features', from: './web/src/app', message: 'Features do not import the app.' },
  { target: webShared, from: ['./web/src/features', './web/src/app'], message: 'Shared folders (components, hooks, lib, utils, config) import no feature and not the app.' },
];

// The performance tricks live in infrastructure/perf, each with its off switch and a same-answers
// test: nowhere else is source text compiled or a library's prototype patched (docs/notes/perf-tricks.md).
const noPrototypePatch = [
  { selector: "AssignmentExpression > MemberExpression.left[property.name='prototype']", message: 'Prototypes are patched only in infrastructure/perf (with an off switch and a same-answers test).' },
  { selector: "AssignmentExpression > MemberExpression.left MemberExpression[property.name='prototype']", message: 'Prototypes are patched only in infrastructure/perf (with an off switch and a same-answers test).' },
  {
    selector: "CallExpression[callee.object.name='Object'][callee.property.name=/^(defineProperty|defineProperties|assign|setPrototypeOf)$/][arguments.0.property.name='prototype']",
    message: 'Prototypes are patched only in infrastructure/perf (with an off switch and a same-answers test).',
  },
  { selector: "VariableDeclarator > MemberExpression.init[property.name='prototype']", message: 'A prototype kept in a variable is a patch waiting to happen: call super, or move the trick to infrastructure/perf.' },
  { selector: "VariableDeclarator > TSAsExpression.init MemberExpression[property.name='prototype']", message: 'A prototype kept in a variable is a patch waiting to happen: call super, or move the trick to infrastructure/perf.' },
];

export default tseslint.config(
  { ignores: ['node_modules/**', 'data/**', 'web/dist/**', 'tests/artifacts/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    plugins: { import: importPlugin },
    settings: {
      // TypeScript files are parsed for their exports (no-cycle follows them) and resolved like Node with
      // the TypeScript extensions (imports here are relative and extensionless). eslint-plugin-import-x and
      // the TypeScript resolver were tried: they need unrs-resolver, whose other-platform bindings our
      // registry lacks, so `npm ci` failed on a fresh clone.
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // The client's aliases (@/…, @domain/…; web/aliases.mjs) resolve through the node resolver's
      // `packageIterator`, so the zones below see where an aliased import really points.
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'], packageIterator: aliasPackageIterator } },
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            notFrom('./domain', [], 'domain/ depends on nothing else.'),
            { target: './domain', from: './node_modules', except: ['./zod', './xstate'], message: 'domain/ uses only zod and xstate.' },
            notFrom('./infrastructure', ['./domain'], 'infrastructure/ is shared by every layer and imports none of them.'),
            notFrom('./commands', ['./domain', './infrastructure'], 'commands/ reads the read side only through its lookup ports (wired in api/).'),
            notFrom('./projections', ['./domain', './infrastructure'], 'projections/ do not import the write side, the processors or the HTTP layer.'),
            notFrom('./processors', ['./domain', './infrastructure', './projections'], 'processors/ are given their projections and reactions by api/.'),
            // The rows both sides read are domain contracts (domain/<area>/contracts.ts), so the web needs no read model.
            notFrom('./web', ['./domain'], 'web/ imports only web/ and domain/.'),
            ...webZones,
          ],
        },
      ],
    },
  },
  {
    ignores: ['infrastructure/perf/**'],
    rules: {
      'no-new-func': 'error',
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-restricted-syntax': ['error', ...noPrototypePatch],
    },
  },
  {
    files: serverFolders.map((f) => `${f}/**/*.ts`),
    rules: { 'import/no-cycle': 'error' },
  },
  {
    // One write path: only handleCommand and handleBatch append (every append* call) and only readAggregate reads and folds a stream;
    // decisions read the read side only through lookup ports, never by SQL on read-model tables.
    files: ['commands/**/*.ts'],
    ignores: ['commands/handle-command.ts', 'commands/aggregate.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...noPrototypePatch,
        { selector: 'CallExpression[callee.property.name=/^append/]', message: 'Append through handleCommand or handleBatch (commands/handle-command.ts).' },
        { selector: "CallExpression[callee.property.name='readStream']", message: 'Read a stream with readAggregate (commands/aggregate.ts).' },
        { selector: 'TemplateElement[value.raw=/\\brm_/]', message: 'commands/ reads read models only through its lookup ports.' },
      ],
    },
  },
  {
    // The domain is pure: no IO, no clock, no infrastructure.
    files: ['domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'fs', 'path', 'pg', 'slonik', 'fastify', 'bullmq', 'ioredis'], message: 'domain/ is pure: no IO.' },
            { group: ['**/commands/**', '**/projections/**', '**/api/**', '**/web/**'], message: 'domain/ depends on nothing else.' },
          ],
        },
      ],
      'no-restricted-properties': ['error', { object: 'Date', property: 'now', message: 'Time comes from the command context.' }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
