import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The server's own rule on import specifiers: it never imports the web app. */
const SERVER_NOT_WEB = { group: ['**/apps/web/**', '@portal/web', '@portal/web/**'], message: 'The server never imports the web app.' };

const FEATURES = ['auth', 'dashboard', 'settlement', 'company', 'books', 'copyright', 'help', 'admin'];
/** What a feature may use of the auth feature: its API calls and the logout hook. */
const AUTH_PUBLIC = ['auth/api', 'auth/use-logout'];

/**
 * ARCHITECTURE.md boundaries, on import specifiers (no resolver needed): web never imports the
 * server; features never import each other (except auth's API and logout hook); components and
 * lib never import features.
 */
const featureBoundary = (feature) => {
  const others = FEATURES.filter((f) => f !== feature && f !== 'auth');
  const patterns = [
    { group: ['**/apps/server/**', '@portal/server', '@portal/server/**'], message: 'The web app never imports the server.' },
    {
      regex: `^(\\.\\./)+(features/)?(${others.join('|')})(/|$)`,
      message: 'Features never import each other: move shared code to components/ or lib/.',
    },
  ];
  if (feature !== 'auth') {
    patterns.push({
      regex: `^(\\.\\./)+(features/)?auth(/(?!(${AUTH_PUBLIC.map((a) => a.replace('auth/', '')).join('|')})(/|$))|$)`,
      message: 'Of the auth feature, only auth/api and auth/use-logout are shared.',
    });
  }
  return {
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  };
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-node*/**',
      '**/node_modules/**',
      'test-results/**',
      'apps/server/src/db/migrations/**',
      'bench-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  ...FEATURES.map(featureBoundary),
  {
    files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.\\./)+features/(?!auth/api/)', message: 'Shared code never imports a feature.' }] },
      ],
    },
  },
  {
    // The entry bundle (the router, the session, the login page: every page loads it) carries no zod: the
    // contract's index builds every schema when it is evaluated (87 KiB of zod and 20 KiB of schemas in the
    // entry, on the login page's critical path). Types are free; values come from its zod-free subpaths.
    files: ['apps/web/src/app/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}', 'apps/web/src/features/auth/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@portal/contract',
              allowTypeImports: true,
              message: "The entry bundle imports no zod: import values from '@portal/contract/constants' or '/screens'.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SERVER_NOT_WEB] }] },
  },
  {
    // Only repositories touch Drizzle; services and routes get rows from them. Test files and the
    // test-only factories (*.factories.ts) may build rows with it.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.repository.ts', '**/*.test.ts', '**/*.factories.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            SERVER_NOT_WEB,
            {
              group: ['drizzle-orm', 'drizzle-orm/**'],
              message: 'Only repositories (*.repository.ts) import drizzle-orm: move the query to the module repository.',
            },
          ],
        },
      ],
    },
  },
  {
    // Paths resolved by the TypeScript resolver (one resolver for every workspace's tsconfig).
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // without these, import-x reads only .js files when it follows imports, and no-cycle sees no TS cycle
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['packages/contract/tsconfig.json', 'apps/server/tsconfig.json', 'apps/web/tsconfig.json', 'scripts/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            // the specifier patterns above catch '@portal/…' and '…/apps/…'; these catch any relative path
            { target: 'apps/web', from: 'apps/server', message: 'The web app never imports the server.' },
            { target: 'apps/server', from: 'apps/web', message: 'The server never imports the web app.' },
            {
              target: 'apps/web/src/features',
              from: 'apps/web/src/app',
              message: 'Features never import app/ (router, providers, layout): move shared code to components/ or lib/.',
            },
            {
              target: 'apps/server/src/plugins',
              from: 'apps/server/src/modules',
              message: 'Plugins never import modules: move the shared type or function to lib/ and let the module implement it.',
            },
            {
              target: 'apps/server/src/db/seed',
              from: ['apps/server/src/modules/**/*.repository.ts', 'apps/server/src/modules/**/*.service.ts'],
              message: 'Seeds never import repositories or services: write the rows with Drizzle directly.',
            },
          ],
        },
      ],
    },
  },
);
