/**
 * The login session kept in the browser (spec §4): the token and its expiry time, stored locally.
 * Other tabs see changes through the storage event.
 */
type Listener = () => void;

/**
 * A token and its expiry kept in localStorage under two keys, with listeners told of every change (also
 * from other tabs, through the storage event). The company's session and the operator console's
 * (features/admin/operator-session.ts) are two of these, under their own keys.
 */
export function createTokenSession(tokenKey: string, expiresKey: string) {
  const listeners = new Set<Listener>();
  const notify = () => listeners.forEach((l) => l());
  const s = {
    token(): string | null {
      return localStorage.getItem(tokenKey);
    },
    /** epoch milliseconds, or null without a session */
    expiresAt(): number | null {
      const v = Number(localStorage.getItem(expiresKey));
      return Number.isFinite(v) && v > 0 ? v : null;
    },
    isValid(now = Date.now()): boolean {
      const exp = s.expiresAt();
      return !!s.token() && exp !== null && exp > now;
    },
    /** Stores a token with `expires_in` seconds from now. */
    store(token: string, expiresInSeconds: number, now = Date.now()) {
      localStorage.setItem(tokenKey, token);
      localStorage.setItem(expiresKey, String(now + expiresInSeconds * 1000));
      notify();
    },
    clear() {
      localStorage.removeItem(tokenKey);
      localStorage.removeItem(expiresKey);
      notify();
    },
    subscribe(l: Listener): () => void {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (e) => {
      if (e.key === tokenKey || e.key === expiresKey) notify();
    });
  }
  return s;
}

export const session = createTokenSession('portal.token', 'portal.expiresAt');

/** Spec §9: warn when the session ends within 5 minutes; check every 30 seconds. */
export const SESSION_WARNING_MS = 5 * 60 * 1000;
export const SESSION_CHECK_INTERVAL_MS = 30 * 1000;
