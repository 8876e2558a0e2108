/**
 * The login session kept in the browser (spec §4): the token and its expiry time, stored locally.
 * Other tabs see changes through the storage event.
 */
const TOKEN_KEY = 'portal.token';
const EXPIRES_KEY = 'portal.expiresAt';

type Listener = () => void;
const listeners = new Set<Listener>();

export const session = {
  token(): string | null {
    return localStorage.getItem(TOKEN_KEY);
  },
  /** epoch milliseconds, or null without a session */
  expiresAt(): number | null {
    const v = Number(localStorage.getItem(EXPIRES_KEY));
    return Number.isFinite(v) && v > 0 ? v : null;
  },
  isValid(now = Date.now()): boolean {
    const exp = session.expiresAt();
    return !!session.token() && exp !== null && exp > now;
  },
  /** Stores a token with `expires_in` seconds from now. */
  store(token: string, expiresInSeconds: number, now = Date.now()) {
    localStorage.setItem(TOKEN_KEY, token);
    localStorage.setItem(EXPIRES_KEY, String(now + expiresInSeconds * 1000));
    listeners.forEach((l) => l());
  },
  clear() {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(EXPIRES_KEY);
    listeners.forEach((l) => l());
  },
  subscribe(l: Listener): () => void {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === TOKEN_KEY || e.key === EXPIRES_KEY) listeners.forEach((l) => l());
  });
}

/** Spec §9: warn when the session ends within 5 minutes; check every 30 seconds. */
export const SESSION_WARNING_MS = 5 * 60 * 1000;
export const SESSION_CHECK_INTERVAL_MS = 30 * 1000;
