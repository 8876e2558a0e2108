import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../lib/i18n';
import { DEMO_LOGINS_MARK, YEAR_MARK } from '@portal/contract/constants';
import { prerenderAppShell, prerenderLogin } from './prerender';

// the texts as the build reads them (vite.config.ts): language → namespace → texts
const files = import.meta.glob<Record<string, unknown>>('../../../../packages/contract/locales/*/{common,auth}.json', {
  eager: true,
  import: 'default',
});
const locales: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [file, texts] of Object.entries(files)) {
  const [, lng, ns] = /locales\/(\w+)\/(\w+)\.json$/.exec(file)!;
  (locales[lng!] ??= {})[ns!] = texts;
}

describe('the screens rendered at build time (issue 17)', () => {
  it('in every language: its texts, its language selected, the demo logins only in the hinted variant', async () => {
    const pages = await prerenderLogin(locales);
    expect(Object.keys(pages).sort()).toEqual([...LANGUAGES].sort());
    for (const lng of LANGUAGES) {
      const { plain, hinted } = pages[lng]!;
      const auth = locales[lng]!.auth as { title: string; submit: string };
      expect(plain, lng).toContain(`id="login-title">${auth.title}</h1>`);
      expect(plain, lng).toContain(`>${auth.submit}</span>`);
      expect(plain, lng).toMatch(new RegExp(`<option value="${lng}" lang="${lng}" selected=""`));
      expect(plain, lng).not.toContain('demo-hint');
      expect(hinted.split(DEMO_LOGINS_MARK), lng).toHaveLength(2);
      // the mark stands for the whole list, as the server writes it ("demo / demo1234, …")
      expect(hinted, lng).toMatch(new RegExp(`data-testid="demo-hint">[^<]*${DEMO_LOGINS_MARK}</p>`));
      expect(hinted.replace(/<p [^>]*data-testid="demo-hint"[^>]*>[^<]*<\/p>/, ''), lng).toBe(plain);
      // no script, nothing that needs one to be seen
      expect(plain, lng).not.toContain('<script');
    }
  });

  it("the app layout's frame in every language: its menu and footer in it, the language's name in its menu, the year a mark, a loading indicator as content", async () => {
    const shells = await prerenderAppShell(locales);
    expect(Object.keys(shells).sort()).toEqual([...LANGUAGES].sort());
    const names = new Set<string>();
    for (const lng of LANGUAGES) {
      const shell = shells[lng]!;
      const common = locales[lng]!.common as { app: { title: string; footer: string; skipToContent: string }; nav: Record<string, string> };
      for (const key of ['dashboard', 'companySettings', 'settlement', 'copyrightBooks', 'royalty', 'help'])
        expect(shell, `${lng} ${key}`).toContain(`>${common.nav[key]!.replace(/&/g, '&amp;')}</span>`);
      expect(shell, lng).toContain(`>${common.app.skipToContent}</a>`);
      expect(shell, lng).toContain(`data-testid="sidebar-title">${common.app.title}</p>`);
      const footer = /<footer\b[^]*<\/footer>/.exec(shell)?.[0] ?? '';
      expect(footer, lng).toContain(common.app.footer.replace('{{year}}', YEAR_MARK));
      expect(shell.split(YEAR_MARK), lng).toHaveLength(2);
      const language = /data-testid="language-menu"[^>]*>[^]*?<span [^>]*>([^<]+)<\/span>/.exec(shell)?.[1];
      names.add(language ?? '');
      expect(shell, lng).toMatch(/<main [^>]*id="main-content"[^>]*>[^]*role="status"[^]*<\/main>/);
      // no item is current: the frame serves every page of the layout
      expect(shell, lng).not.toMatch(/data-active|aria-current/);
      expect(shell, lng).not.toContain('<script');
    }
    // each language's frame names its own language in the menu
    expect(names.size).toBe(LANGUAGES.length);
  });
});
