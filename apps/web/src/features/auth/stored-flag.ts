/**
 * A yes/no kept beside the token in localStorage, so that a reload still knows it: what the login answered and the
 * server enforces until the user acts (a password change, a 2-step set-up). false without a storage (the build's
 * prerender of the layout, app/prerender.tsx).
 */
export function storedFlag(key: string) {
  return {
    required: (): boolean => typeof localStorage !== 'undefined' && localStorage.getItem(key) === '1',
    set(required: boolean) {
      if (required) localStorage.setItem(key, '1');
      else localStorage.removeItem(key);
    },
  };
}
