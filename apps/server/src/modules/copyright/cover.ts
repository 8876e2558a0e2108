/** A small generated book cover for an ISBN: colours derived from the digits, no text from the database. */
export function coverSvg(isbn: string): string {
  let h = 0;
  for (const c of isbn) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  const hue = h % 360;
  const hue2 = (hue + 40 + ((h >> 9) % 80)) % 360;
  const band = 40 + ((h >> 5) % 60);
  const tail = isbn.slice(-4);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="170" viewBox="0 0 120 170" role="img" aria-label="cover ${isbn}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},55%,42%)"/><stop offset="1" stop-color="hsl(${hue2},60%,28%)"/></linearGradient></defs>
<rect width="120" height="170" rx="4" fill="url(#g)"/>
<rect x="0" y="0" width="8" height="170" fill="rgba(0,0,0,0.25)"/>
<rect x="18" y="${band}" width="84" height="26" rx="2" fill="rgba(255,255,255,0.85)"/>
<rect x="26" y="${band + 8}" width="68" height="4" fill="hsl(${hue},40%,30%)"/>
<rect x="34" y="${band + 15}" width="52" height="3" fill="hsl(${hue},30%,45%)"/>
<text x="60" y="156" font-family="sans-serif" font-size="12" fill="rgba(255,255,255,0.9)" text-anchor="middle">${tail}</text>
</svg>`;
}
