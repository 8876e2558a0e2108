import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const LANGS = ['en', 'ko', 'es', 'zh', 'ja'];
const root = path.resolve(import.meta.dirname, '../../../../packages/contract/locales');

type Json = { [k: string]: string | Json };
const flatten = (o: Json, prefix = ''): [string, string][] =>
  Object.entries(o).flatMap(([k, v]) =>
    typeof v === 'object' ? flatten(v, `${prefix}${k}.`) : [[`${prefix}${k}`, v] as [string, string]],
  );
const read = (lng: string, ns: string) => JSON.parse(readFileSync(path.join(root, lng, ns), 'utf8')) as Json;
const placeholders = (s: string) => (s.match(/\{\{\s*\w+\s*\}\}/g) ?? []).map((p) => p.replace(/\s/g, '')).sort();

const namespaces = [...new Set(LANGS.flatMap((l) => readdirSync(path.join(root, l)).filter((f) => f.endsWith('.json'))))];

describe('locale files: all five languages complete', () => {
  it('has the same namespaces in every language', () => {
    for (const l of LANGS)
      expect(
        readdirSync(path.join(root, l))
          .filter((f) => f.endsWith('.json'))
          .sort(),
        l,
      ).toEqual([...namespaces].sort());
  });

  for (const ns of namespaces) {
    it(`${ns}: every key in every language, none empty, same placeholders`, () => {
      const en = new Map(flatten(read('en', ns)));
      for (const l of LANGS.filter((x) => x !== 'en')) {
        const other = new Map(flatten(read(l, ns)));
        expect(
          [...en.keys()].filter((k) => !other.has(k)),
          `${l}/${ns} missing`,
        ).toEqual([]);
        expect(
          [...other.keys()].filter((k) => !en.has(k)),
          `${l}/${ns} extra`,
        ).toEqual([]);
        for (const [k, v] of other) {
          expect(v.trim(), `${l}/${ns} ${k} empty`).not.toBe('');
          expect(placeholders(v), `${l}/${ns} ${k} placeholders`).toEqual(placeholders(en.get(k) ?? ''));
        }
      }
    });
  }
});

describe('Korean particles', () => {
  // a login ID, code or e-mail is Latin letters and digits, whose last sound lib/josa.ts cannot always tell
  // ("demo을(를)"): a particle goes after a Korean word of the sentence instead (거래처 {{id}}의 …)
  it('no paired particle follows an ID, code or e-mail placeholder', () => {
    const found = namespaces.flatMap((ns) =>
      flatten(read('ko', ns))
        .filter(([, v]) => /\{\{\s*(id|code|email|loginId)\s*\}\}\s*(을\(를\)|이\(가\)|은\(는\)|과\(와\)|\(으\)로)/.test(v))
        .map(([k, v]) => `${ns} ${k}: ${v}`),
    );
    expect(found).toEqual([]);
  });
});
