/**
 * The operator's session of the console (issue 15), kept apart from the company's (lib/session.ts):
 * its own storage keys, so a publisher and an operator can be logged in side by side in one browser,
 * and the operator token is only ever sent to /api/admin/* (api/admin-client.ts).
 */
const TOKEN_KEY = 'portal.admin.token';
const EXPIRES_KEY = 'portal.admin.expiresAt';

type Listener = () => void;
const listeners = new Set<Listener>();

export const operatorSession = {
  token(): string | null {
    return localStorage.getItem(TOKEN_KEY);
  },
  isValid(now = Date.now()): boolean {
    const exp = Number(localStorage.getItem(EXPIRES_KEY));
    return !!operatorSession.token() && Number.isFinite(exp) && exp > now;
  },
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
  // another tab logging the operator out (or in)
  window.addEventListener('storage', (e) => {
    if (e.key === TOKEN_KEY || e.key === EXPIRES_KEY) listeners.forEach((l) => l());
  });
}
