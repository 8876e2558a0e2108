import { beforeAll, describe, expect, it } from 'vitest';
import { i18next, initI18n } from '../../lib/i18n';
import { namedDeleteTitle, namedList } from './confirm';

const ADDRESS = { one: 'company:addresses.deleteOne', many: 'company:addresses.deleteMany' };

beforeAll(async () => {
  await initI18n('en');
  await i18next.loadLanguages(['en', 'ko', 'es', 'zh', 'ja']);
  await i18next.loadNamespaces(['common', 'company', 'books']);
});

const inLanguage = async <T>(lng: string, fn: () => T) => {
  await i18next.changeLanguage(lng);
  await i18next.loadNamespaces(['common', 'company', 'books']);
  return fn();
};

describe('delete confirmations name what they delete', () => {
  it('names one address, several addresses, and no post', async () => {
    expect(await inLanguage('en', () => namedDeleteTitle(ADDRESS, ['Seoul office']))).toBe('Delete the address “Seoul office”?');
    expect(await inLanguage('en', () => namedDeleteTitle(ADDRESS, ['A', 'B', 'C']))).toBe('Delete these 3 addresses: “A”, “B”, and “C”?');
    expect(await inLanguage('ko', () => namedDeleteTitle(ADDRESS, ['서울 사무소']))).toBe('‘서울 사무소’ 주소를 삭제하시겠습니까?');
    expect(await inLanguage('ja', () => namedDeleteTitle(ADDRESS, ['東京']))).toBe('住所「東京」を削除しますか？');
    for (const lng of ['en', 'ko', 'es', 'zh', 'ja']) {
      const title = await inLanguage(lng, () => namedDeleteTitle(ADDRESS, ['X1', 'X2']));
      expect(title, lng).toContain('X1');
      expect(title, lng).toContain('X2');
      expect(title, lng).toContain('2');
      expect(title, lng).not.toBe(i18next.t('common:messages.deleteConfirmTitle'));
    }
  });

  it('lists at most five names, then how many more', async () => {
    const names = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    expect(await inLanguage('en', () => namedList(names))).toBe('“a”, “b”, “c”, “d”, “e”, and 2 more');
    expect(await inLanguage('ko', () => namedList(names))).toContain('그 외 2개');
  });

  it('names contact persons and upload rows in every language', async () => {
    for (const lng of ['en', 'ko', 'es', 'zh', 'ja']) {
      const contact = await inLanguage(lng, () =>
        namedDeleteTitle({ one: 'company:contacts.deleteOne', many: 'company:contacts.deleteMany' }, ['Kim']),
      );
      const book = await inLanguage(lng, () =>
        namedDeleteTitle({ one: 'books:review.deleteOne', many: 'books:review.deleteMany' }, ['Almond']),
      );
      expect(contact, lng).toContain('Kim');
      expect(book, lng).toContain('Almond');
      expect(contact, lng).not.toMatch(/deleteOne/);
    }
  });
});
