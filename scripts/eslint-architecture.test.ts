// The architecture rules of eslint.config.js (ARCHITECTURE.md, "Boundaries") fire: each is fed a
// violating import through ESLint's Node API and must report it, and the files that once broke
// them (and the allowed cases) lint clean.
import { fileURLToPath } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The messages of a rule for `code` linted as if it were the file at `filePath` (relative to the repo root). */
async function lint(code: string, filePath: string, ruleId?: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  if (!result) throw new Error(`no lint result for ${filePath}`);
  return ruleId ? result.messages.filter((m) => m.ruleId === ruleId) : result.messages;
}

describe('web: features never import app/', () => {
  it('reports a feature importing app/', async () => {
    const messages = await lint(
      "import { lazyPage } from '../../../app/lazy';\nexport const page = lazyPage;\n",
      'apps/web/src/features/help/components/probe.tsx',
      'import-x/no-restricted-paths',
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]!.message).toContain('Features never import app/');
  });

  it('keeps the rule that features never import each other', async () => {
    const messages = await lint(
      "import { x } from '../../settlement/api/probe';\nexport const y = x;\n",
      'apps/web/src/features/help/components/probe.tsx',
      'no-restricted-imports',
    );
    expect(messages.map((m) => m.message)).toEqual([expect.stringContaining('Features never import each other')]);
  });

  it('holds for the admin feature both ways: it imports no other feature, and none imports it', async () => {
    const fromAdmin = await lint(
      "import { x } from '../../settlement/api/probe';\nexport const y = x;\n",
      'apps/web/src/features/admin/components/probe.tsx',
      'no-restricted-imports',
    );
    expect(fromAdmin.map((m) => m.message)).toEqual([expect.stringContaining('Features never import each other')]);
    const intoAdmin = await lint(
      "import { x } from '../../admin/api/probe';\nexport const y = x;\n",
      'apps/web/src/features/help/components/probe.tsx',
      'no-restricted-imports',
    );
    expect(intoAdmin.map((m) => m.message)).toEqual([expect.stringContaining('Features never import each other')]);
    const appFromAdmin = await lint(
      "import { lazyPage } from '../../../app/lazy';\nexport const page = lazyPage;\n",
      'apps/web/src/features/admin/components/probe.tsx',
      'import-x/no-restricted-paths',
    );
    expect(appFromAdmin.map((m) => m.message)).toEqual([expect.stringContaining('Features never import app/')]);
  });

  it('lets a feature import lib/', async () => {
    const messages = await lint(
      "import { withTimeout } from '../../../lib/with-timeout';\nexport const load = withTimeout;\n",
      'apps/web/src/features/help/components/probe.tsx',
    );
    expect(messages).toEqual([]);
  });
});

describe('web: the entry bundle imports no value of the contract index (its schemas need zod)', () => {
  it('reports a value import in the login page, and keeps the features rule there', async () => {
    const messages = await lint(
      "import { demoLoginsText } from '@portal/contract';\nexport const f = demoLoginsText;\n",
      'apps/web/src/features/auth/components/probe.tsx',
      '@typescript-eslint/no-restricted-imports',
    );
    expect(messages.map((m) => m.message)).toEqual([expect.stringContaining('The entry bundle imports no zod')]);
    const features = await lint(
      "import { x } from '../../settlement/api/probe';\nexport const y = x;\n",
      'apps/web/src/features/auth/components/probe.tsx',
      'no-restricted-imports',
    );
    expect(features.map((m) => m.message)).toEqual([expect.stringContaining('Features never import each other')]);
  });

  it('lets the entry import types from the index and values from its zod-free subpaths, and a lazy screen anything', async () => {
    const entry = await lint(
      "import type { TLoginHints } from '@portal/contract';\nimport { demoLoginsText } from '@portal/contract/constants';\nexport const f = (h: TLoginHints) => demoLoginsText(h.demo_logins);\n",
      'apps/web/src/lib/probe.ts',
      '@typescript-eslint/no-restricted-imports',
    );
    expect(entry).toEqual([]);
    const screen = await lint(
      "import { ZLoginHints } from '@portal/contract';\nexport const z = ZLoginHints;\n",
      'apps/web/src/features/help/components/probe.tsx',
      '@typescript-eslint/no-restricted-imports',
    );
    expect(screen).toEqual([]);
  });
});

describe('web and server never import each other', () => {
  it('reports a relative import across the two apps, either way', async () => {
    const server = await lint(
      "import { formatMoney } from '../../../../web/src/lib/format';\nexport const f = formatMoney;\n",
      'apps/server/src/modules/help/help.service.ts',
      'import-x/no-restricted-paths',
    );
    expect(server.map((m) => m.message)).toEqual([expect.stringContaining('The server never imports the web app')]);
    const web = await lint(
      "import { AppError } from '../../../server/src/lib/errors';\nexport const E = AppError;\n",
      'apps/web/src/lib/probe.ts',
      'import-x/no-restricted-paths',
    );
    expect(web.map((m) => m.message)).toEqual([expect.stringContaining('The web app never imports the server')]);
  });
});

describe('server: plugins never import modules', () => {
  it('reports a plugin importing a module, also for a type only', async () => {
    const messages = await lint(
      "import type { AuthService } from '../modules/auth/auth.service';\nexport type A = AuthService;\n",
      'apps/server/src/plugins/probe.ts',
      'import-x/no-restricted-paths',
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]!.message).toContain('Plugins never import modules');
  });

  it('lets a plugin import lib/', async () => {
    const messages = await lint(
      "import type { SessionLookup } from '../lib/session-token';\nexport type S = SessionLookup;\n",
      'apps/server/src/plugins/probe.ts',
    );
    expect(messages).toEqual([]);
  });
});

describe('server: seeds never import repositories or services', () => {
  it.each([
    ['a repository', "import { findBoard } from '../../modules/help/help.repository';\nexport const f = findBoard;\n"],
    ['a service', "import { createHelpService } from '../../modules/help/help.service';\nexport const f = createHelpService;\n"],
  ])('reports a seed importing %s', async (_, code) => {
    const messages = await lint(code, 'apps/server/src/db/seed/probe.ts', 'import-x/no-restricted-paths');
    expect(messages).toHaveLength(1);
    expect(messages[0]!.message).toContain('Seeds never import repositories or services');
  });
});

describe('server: only repositories import drizzle-orm in modules', () => {
  const code = "import { eq } from 'drizzle-orm';\nimport { sql } from 'drizzle-orm/sql';\nexport const f = [eq, sql];\n";

  it('reports drizzle-orm in a service, a route file or any other module file', async () => {
    for (const file of ['help/help.service.ts', 'help/help.routes.ts', 'help/sanitize.ts']) {
      const messages = await lint(code, `apps/server/src/modules/${file}`, 'no-restricted-imports');
      expect(messages.map((m) => m.message)).toEqual([
        expect.stringContaining('Only repositories (*.repository.ts) import drizzle-orm'),
        expect.stringContaining('Only repositories (*.repository.ts) import drizzle-orm'),
      ]);
    }
  });

  it('keeps the rule that the server never imports the web app in module files', async () => {
    const messages = await lint(
      "import { x } from '@portal/web';\nexport const y = x;\n",
      'apps/server/src/modules/help/help.service.ts',
      'no-restricted-imports',
    );
    expect(messages.map((m) => m.message)).toEqual([expect.stringContaining('The server never imports the web app')]);
  });

  it('lets repositories, test files and factories import drizzle-orm, and db/ and lib/', async () => {
    for (const file of [
      'apps/server/src/modules/help/help.repository.ts',
      'apps/server/src/modules/help/help.test.ts',
      'apps/server/src/modules/settlement/settlement.factories.ts',
      'apps/server/src/db/seed/probe.ts',
      'apps/server/src/lib/probe.ts',
    ]) {
      expect(await lint(code, file)).toEqual([]);
    }
  });
});

describe('no import cycles', () => {
  it('reports a cycle through the files on disk (app.ts reaches lib/errors.ts through api-routes.ts)', async () => {
    const messages = await lint(
      "import { build } from '../app';\nexport const b = build;\n",
      'apps/server/src/lib/errors.ts',
      'import-x/no-cycle',
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]!.message).toContain('Dependency cycle');
  });

  it('reports a cycle in the web app too', async () => {
    const messages = await lint(
      "import { lazyPage } from '../app/lazy';\nexport const p = lazyPage;\n",
      'apps/web/src/lib/with-timeout.ts',
      'import-x/no-cycle',
    );
    expect(messages).toHaveLength(1);
  });
});

describe('the files that broke the rules', () => {
  it('lint clean now', async () => {
    const results = await eslint.lintFiles(
      [
        'apps/server/src/plugins/auth.ts',
        'apps/server/src/db/seed/help.ts',
        'apps/web/src/features/help/components/lazy-editor.tsx',
        'apps/web/src/features/dashboard/components/monthly-sales.tsx',
        'apps/web/src/features/dashboard/components/global-sales.tsx',
      ].map((f) => `${root}${f}`),
    );
    expect(results.flatMap((r) => r.messages.map((m) => `${r.filePath}: ${m.ruleId} ${m.message}`))).toEqual([]);
  });
});
