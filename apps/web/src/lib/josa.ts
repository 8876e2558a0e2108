/**
 * Korean particles (조사) that depend on the sound the word before them ends with (issue 14):
 * "저자 ID를", "제목을", "ISBN을", "주소 1을", "파일로", "서울로", "회사명으로".
 *
 * Small on purpose, as it is in every page's entry: es-hangul's josa would add 1.5 KiB gzip to the
 * login page and reads digits as if they ended in a vowel ("주소 1를"). Like es-hangul, an
 * all-capital word is read letter by letter (ISBN → 엔, URL → 엘).
 */

/** The syllable each digit, capital letter and run of trailing zeros is read with (its last one). */
const DIGIT = '영일이삼사오육칠팔구';
const LETTER = '이비씨디이프지치이이이엘엠엔오피큐알스티유이유스이트';
/** 10 십, 100 백, 1000 천, 10⁴…10⁷ 만, 10⁸…10¹¹ 억, 10¹²…10¹⁵ 조, 10¹⁶ 경 */
const ZEROS = '십백천만만만만억억억억조조조조경';

/** The final consonant (종성) index of a Hangul syllable: 0 none, 8 ㄹ; undefined for anything else. */
const finalIndex = (syllable: string | undefined) => {
  const code = (syllable?.charCodeAt(0) ?? 0) - 0xac00;
  return code >= 0 && code < 11172 ? code % 28 : undefined;
};

/** The syllable the word's last sound is read with; undefined when that cannot be known. */
function lastSyllable(word: string): string | undefined {
  // the particle follows the word before a parenthesis or a closing quote: "주소 2 (상세주소)를", "'제목'을"
  let w = word;
  for (let prev = ''; prev !== w;) {
    prev = w;
    w = w
      .trimEnd()
      .replace(/\s*\([^()]*\)$/, '')
      .replace(/["'’”」』》〉)\]]$/, '');
  }
  const last = w.at(-1) ?? '';
  if (finalIndex(last) !== undefined) return last;
  const number = /(\d+(?:,\d{3})*)(\.\d+)?$/.exec(w);
  if (number) {
    const digits = number[1]!.replace(/,/g, '');
    const zeros = digits.length - digits.replace(/0+$/, '').length;
    // digits after a point, a number without trailing zeros, and 0 itself: the last digit's name
    return number[2] || !zeros || zeros === digits.length ? DIGIT[Number(last)] : ZEROS[zeros - 1];
  }
  // an acronym (ID, ISBN, PDF, URL) is read letter by letter; other Latin words cannot be known
  return /(?:^|[^A-Za-z])[A-Z]+$/.test(w) ? LETTER[last.charCodeAt(0) - 65] : undefined;
}

/**
 * The particle of `pair` ("을/를", "이/가", "으로/로", "와/과" …, in either order) that follows `word`.
 * After ㄹ the 으로 family takes 로 ("서울로"). When the word's last sound cannot be known (a
 * lower-case English word, a symbol) both are written, the usual way: "을(를)", "(으)로".
 */
export function pickJosa(word: string, pair: string): string {
  const [a = '', b = ''] = pair.split('/');
  // the forms after a consonant: 을 은 과 아 이(가) 이나 이랑 … 으로 …
  const [consonant, vowel] = /^[을은과아이으]/.test(a) ? [a, b] : [b, a];
  const final = finalIndex(lastSyllable(word));
  if (final === undefined) return consonant.endsWith(vowel) ? `(${consonant.slice(0, -vowel.length)})${vowel}` : `${consonant}(${vowel})`;
  return final === 0 || (final === 8 && consonant.startsWith('으로')) ? vowel : consonant;
}

/** `word` followed by its particle: josa('저자 ID', '을/를') → '저자 ID를'. */
export const josa = (word: string, pair: string) => word + pickJosa(word, pair);

/** 을(를), 이(가), 은(는), 과(와), 아(야) in either order; (으)로…, (이)나… */
const EITHER = /([을를이가은는과와아야])\(([을를이가은는과와아야])\)|\(([으이])\)(로서|로써|로부터|로|나|랑|라|며|여|란|든지)/g;
const PAIRS = '을를이가은는과와아야';

/**
 * Replaces each "either particle" of a finished text by the one its word takes:
 * "'저자 ID'을(를) 입력해 주세요" → "'저자 ID'를 입력해 주세요". Unknown words keep both.
 */
export function resolveJosa(text: string): string {
  if (!text.includes('(')) return text;
  return text.replace(EITHER, (match, a?: string, b?: string, prefix?: string, rest?: string, offset = 0) => {
    const before = text.slice(0, offset);
    // a particle is written against its word; 을(가) is no pair
    if (!before.trim() || /\s$/.test(before) || (a && PAIRS.indexOf(a) >> 1 !== PAIRS.indexOf(b!) >> 1)) return match;
    const picked = pickJosa(before, a ? `${a}/${b}` : `${prefix}${rest}/${rest}`);
    return picked.includes('(') ? match : picked;
  });
}
