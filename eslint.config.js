import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = ['auth', 'dashboard', 'settlement', 'company', 'books', 'copyright', 'help'];
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
  { ignores: ['**/dist/**', '**/node_modules/**', 'test-results/**', 'apps/server/src/db/migrations/**', 'bench-results/**'] },
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
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/apps/web/**', '@portal/web', '@portal/web/**'], message: 'The server never imports the web app.' }] },
      ],
    },
  },
);
