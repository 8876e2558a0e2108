import { escapeMarkup } from './markup';

/**
 * A small generated cover: a card coloured from the ISBN's digits with the title, if given, and the ISBN. The catalogue
 * has no scanned covers (product); the copyright books' cover shows no text from the database (no title).
 */
export function coverSvg(isbn13: string, title = ''): string {
  let h = 7;
  for (const ch of isbn13) h = (h * 31 + ch.charCodeAt(0)) % 3607;
  const hue = h % 360;
  const words = Array.from(title);
  const lines: string[] = [];
  for (let i = 0; i < words.length && lines.length < 4; i += 6) lines.push(words.slice(i, i + 6).join(''));
  const text = lines
    .map((l, i) => `<text x="60" y="${70 + i * 22}" text-anchor="middle" font-size="16" fill="#fff">${escapeMarkup(l)}</text>`)
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="170" viewBox="0 0 120 170" role="img" aria-label="${escapeMarkup(title || `cover ${isbn13}`)}">` +
    `<rect width="120" height="170" rx="4" fill="hsl(${hue},45%,32%)"/>` +
    `<rect x="8" y="8" width="104" height="154" rx="2" fill="none" stroke="rgba(255,255,255,.5)"/>` +
    `<g font-family="'Noto Sans CJK KR','Noto Sans KR',sans-serif" font-weight="700">${text}</g>` +
    `<text x="60" y="150" text-anchor="middle" font-size="9" fill="rgba(255,255,255,.8)" font-family="sans-serif">${isbn13}</text></svg>`
  );
}
