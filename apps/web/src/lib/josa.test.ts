import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { i18next, initI18n } from './i18n';
import { josa, pickJosa, resolveJosa } from './josa';

describe('josa: the particle follows the sound the word ends with (issue 14)', () => {
  it('을/를, 이/가, 은/는: a final consonant takes the first, a vowel the second', () => {
    // 목 (ㄱ), 명 (ㅇ), 번 (ㄴ), 호 (none), 자 (none), 일 (ㄹ counts as a consonant here)
    expect(josa('제목', '을/를')).toBe('제목을');
    expect(josa('회사명', '을/를')).toBe('회사명을');
    expect(josa('사업자등록번호', '을/를')).toBe('사업자등록번호를');
    expect(josa('저자', '을/를')).toBe('저자를');
    expect(josa('파일', '을/를')).toBe('파일을');
    expect(josa('제목', '이/가')).toBe('제목이');
    expect(josa('비밀번호', '이/가')).toBe('비밀번호가');
    expect(josa('주소', '은/는')).toBe('주소는');
    expect(josa('국가', '은/는')).toBe('국가는');
    expect(josa('정산 상태', '은/는')).toBe('정산 상태는');
    expect(josa('인세율', '은/는')).toBe('인세율은');
  });

  it('와/과 in either order', () => {
    expect(josa('도서', '와/과')).toBe('도서와');
    expect(josa('도서명', '와/과')).toBe('도서명과');
    expect(josa('도서', '과/와')).toBe('도서와');
    expect(josa('도서명', '과/와')).toBe('도서명과');
  });

  it('으로/로: 로 after a vowel and after ㄹ, 으로 after any other final consonant', () => {
    expect(josa('회사명', '으로/로')).toBe('회사명으로');
    expect(josa('이메일 주소', '으로/로')).toBe('이메일 주소로');
    expect(josa('파일', '으로/로')).toBe('파일로'); // ㄹ
    expect(josa('서울', '으로/로')).toBe('서울로'); // ㄹ
    expect(josa('인세율', '으로/로')).toBe('인세율로'); // ㄹ
    expect(josa('책', '으로서/로서')).toBe('책으로서');
    expect(josa('메일', '로/으로')).toBe('메일로');
    // ㄹ still takes 을/이/은
    expect(josa('메일', '을/를')).toBe('메일을');
    expect(josa('메일', '이/가')).toBe('메일이');
  });

  it('capital letters are read by their names, digits by theirs', () => {
    expect(josa('저자 ID', '을/를')).toBe('저자 ID를'); // 디
    expect(josa('ISBN', '을/를')).toBe('ISBN을'); // 엔
    expect(josa('PDF', '이/가')).toBe('PDF가'); // 에프
    expect(josa('URL', '으로/로')).toBe('URL로'); // 엘
    expect(josa('URL', '을/를')).toBe('URL을');
    expect(josa('HTML', '으로/로')).toBe('HTML로');
    expect(josa('주소 1', '을/를')).toBe('주소 1을'); // 일
    expect(josa('주소 2', '을/를')).toBe('주소 2를'); // 이
    expect(josa('이메일 3', '을/를')).toBe('이메일 3을'); // 삼
    expect(josa('7', '으로/로')).toBe('7로'); // 칠
    expect(josa('6', '으로/로')).toBe('6으로'); // 육
    expect(josa('10', '을/를')).toBe('10을'); // 십
    expect(josa('100', '이/가')).toBe('100이'); // 백
    expect(josa('1,000', '이/가')).toBe('1,000이'); // 천
    expect(josa('20000', '으로/로')).toBe('20000으로'); // 만
    expect(josa('0', '을/를')).toBe('0을'); // 영
    expect(josa('1.5', '을/를')).toBe('1.5를'); // 오
  });

  it('a parenthesis or a closing quote after the word is skipped', () => {
    expect(josa('주소 2 (상세주소)', '을/를')).toBe('주소 2 (상세주소)를');
    expect(josa('알라딘 (Aladin)', '이/가')).toBe('알라딘 (Aladin)이');
    expect(pickJosa("'제목'", '을/를')).toBe('을');
    expect(pickJosa('“저자”', '을/를')).toBe('를');
  });

  it('a word whose sound cannot be known keeps both particles', () => {
    expect(josa('Email', '을/를')).toBe('Email을(를)');
    expect(josa('Email', '으로/로')).toBe('Email(으)로');
    expect(josa('書名', '이/가')).toBe('書名이(가)');
    expect(josa('', '을/를')).toBe('을(를)');
  });
});

describe('resolveJosa: "either" particles of a finished text', () => {
  it('picks each from the word before it', () => {
    expect(resolveJosa('저자 ID을(를) 입력해 주세요')).toBe('저자 ID를 입력해 주세요');
    expect(resolveJosa("'제목'을(를) 입력해 주세요.")).toBe("'제목'을 입력해 주세요.");
    expect(resolveJosa('도서이(가) 회사명과(와) 파일(으)로 저장됩니다')).toBe('도서가 회사명과 파일로 저장됩니다');
    expect(resolveJosa('주소 2 (상세주소)을(를) 확인해 주세요')).toBe('주소 2 (상세주소)를 확인해 주세요');
  });

  it('leaves unknown words, free-standing brackets and other texts alone', () => {
    expect(resolveJosa('Email을(를) 입력해 주세요')).toBe('Email을(를) 입력해 주세요');
    expect(resolveJosa('(으)로 시작')).toBe('(으)로 시작');
    expect(resolveJosa('Please enter the title')).toBe('Please enter the title');
    expect(resolveJosa('주소 2 (상세주소)')).toBe('주소 2 (상세주소)');
  });
});

describe('the Korean messages through i18next', () => {
  const root = path.resolve(import.meta.dirname, '../../../../packages/contract/locales/ko');
  type Json = { [k: string]: string | Json };
  const flatten = (o: Json, prefix = ''): [string, string][] =>
    Object.entries(o).flatMap(([k, v]) =>
      typeof v === 'object' ? flatten(v, `${prefix}${k}.`) : [[`${prefix}${k}`, v] as [string, string]],
    );
  const either = /(을|를|이|가|은|는|과|와|아|야)\((을|를|이|가|은|는|과|와|아|야)\)|\((으|이)\)/;
  // the namespaces the web loads: lib/i18n.ts leaves out the server's own (exports, mail, imports), which the server
  // fills without this resolver (their Korean writes 이(가) after a value, as it did in the server's tables)
  const serverOnly = ['exports.json', 'mail.json', 'imports.json'];
  const withEither = readdirSync(root)
    .filter((f) => f.endsWith('.json') && !serverOnly.includes(f))
    .flatMap((f) =>
      flatten(JSON.parse(readFileSync(path.join(root, f), 'utf8')) as Json).map(([k, v]) => [`${f.replace('.json', '')}:${k}`, v] as const),
    )
    .filter(([, v]) => either.test(v));

  it('finds the messages that write both particles (the validation messages)', () => {
    expect(withEither.map(([k]) => k)).toEqual(
      expect.arrayContaining(['common:messages.required', 'common:messages.fillOut', 'common:messages.selectObj', 'common:messages.check']),
    );
  });

  it('each of them, with a known word, shows one particle', async () => {
    await initI18n('ko');
    await i18next.changeLanguage('ko');
    const nss = [...new Set(withEither.map(([k]) => k.split(':')[0]!))];
    await i18next.loadNamespaces(nss);
    for (const [key, text] of withEither) {
      // every placeholder of the message is the word before a particle, or does not matter here
      const values = Object.fromEntries([...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => [m[1], '']));
      const consonant = i18next.t(key, Object.fromEntries(Object.keys(values).map((n) => [n, '제목'])));
      const vowel = i18next.t(key, Object.fromEntries(Object.keys(values).map((n) => [n, '저자 ID'])));
      expect(consonant, key).not.toMatch(either);
      expect(vowel, key).not.toMatch(either);
      expect(consonant, key).not.toBe(vowel);
    }
    expect(i18next.t('common:messages.required', { field: '저자 ID' })).toBe('저자 ID를 입력해 주세요');
    expect(i18next.t('common:messages.required', { field: '회사명' })).toBe('회사명을 입력해 주세요');
    expect(i18next.t('common:messages.fillOut', { obj: '제목' })).toBe("'제목'을 입력해 주세요.");
    expect(i18next.t('common:messages.fillOut', { obj: '내용' })).toBe("'내용'을 입력해 주세요.");
    expect(i18next.t('common:messages.selectObj', { obj: '도서' })).toBe("'도서'를 선택해 주세요.");
    // other languages are untouched
    await i18next.changeLanguage('en');
    expect(i18next.t('common:messages.required', { field: 'Author ID' })).toBe('please enter Author ID');
  });
});
