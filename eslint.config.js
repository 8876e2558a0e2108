import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = ['auth', 'dashboard', 'settlement', 'company', 'books', 'copyright', 'help'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'test-results/**', 'apps/server/src/db/migrations/**', 'bench-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'off',
    },
  },
  {
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // ARCHITECTURE.md boundaries: web never imports server; features never import each other
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './apps/web/src', from: './apps/server' },
            ...FEATURES.map((f) => ({
              target: `./apps/web/src/features/${f}`,
              from: './apps/web/src/features',
              except: [`./${f}`, ...(f === 'auth' ? [] : ['./auth/api', './auth/use-logout.ts'])],
            })),
            { target: './apps/web/src/components', from: './apps/web/src/features', except: ['./auth/api'] },
            { target: './apps/web/src/lib', from: './apps/web/src/features' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './apps/server/src', from: './apps/web' },
            // only repositories (and seeds, migrations, tests) touch Drizzle tables directly
          ],
        },
      ],
    },
  },
);
