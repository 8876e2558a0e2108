/**
 * What a browser's URL parser (WHATWG URL standard) does to a string before reading it: every ASCII
 * tab and newline is removed wherever it is, and leading and trailing C0 controls and spaces are cut.
 * `/\t/evil.example` is therefore `//evil.example` to the browser: judge the path it will really see.
 */
function asBrowserReadsIt(target: string): string {
  let s = '';
  for (const ch of target) if (ch !== '\t' && ch !== '\n' && ch !== '\r') s += ch;
  let start = 0;
  let end = s.length;
  while (start < end && s.charCodeAt(start) <= 0x20) start++;
  while (end > start && s.charCodeAt(end - 1) <= 0x20) end--;
  return s.slice(start, end);
}

/** Only same-site paths may be used as the post-login target (no open redirect). */
export function safeRedirect(target: string | null | undefined, fallback = '/dashboard'): string {
  if (!target) return fallback;
  const path = asBrowserReadsIt(target);
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return fallback;
  if (path.startsWith('/login')) return fallback;
  return path;
}

export function loginPathFor(wanted: string) {
  const target = safeRedirect(wanted, '');
  return target ? `/login?redirect=${encodeURIComponent(target)}` : '/login';
}
