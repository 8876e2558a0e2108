/**
 * "Remember my ID" of the login form (a habit of Korean portals): the author id, never the
 * password, kept in this browser until the box is unticked at a login.
 */
const KEY = 'portal.rememberedId';

export const rememberedId = {
  get(): string {
    try {
      return localStorage.getItem(KEY) ?? '';
    } catch {
      return '';
    }
  },
  /** After a successful login: keep the id when asked, forget it otherwise. */
  update(id: string, remember: boolean) {
    try {
      if (remember && id) localStorage.setItem(KEY, id);
      else localStorage.removeItem(KEY);
    } catch {
      /* storage disabled: nothing is remembered */
    }
  },
};
