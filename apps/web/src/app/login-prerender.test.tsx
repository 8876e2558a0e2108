import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../lib/i18n';
import { DEMO_LOGINS_MARK, prerenderLogin } from './login-prerender';

// the texts as the build reads them (vite.config.ts): language → namespace → texts
const files = import.meta.glob<Record<string, unknown>>('../locales/*/{common,auth}.json', { eager: true, import: 'default' });
const locales: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [file, texts] of Object.entries(files)) {
  const [, lng, ns] = /locales\/(\w+)\/(\w+)\.json$/.exec(file)!;
  (locales[lng!] ??= {})[ns!] = texts;
}

describe('the login screen rendered at build time (issue 17)', () => {
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
});
