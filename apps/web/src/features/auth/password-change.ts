/**
 * (issue 15) The distributor set this company's password (initial or reset): the login answered
 * `password_change_required`, and until the password is changed the server opens nothing but the
 * change. Kept beside the token so a reload still asks for the new password first.
 */
const KEY = 'portal.passwordChangeRequired';

export const passwordChange = {
  /** false without a storage (the build's prerender of the layout, app/prerender.tsx) */
  required: (): boolean => typeof localStorage !== 'undefined' && localStorage.getItem(KEY) === '1',
  set(required: boolean) {
    if (required) localStorage.setItem(KEY, '1');
    else localStorage.removeItem(KEY);
  },
};
