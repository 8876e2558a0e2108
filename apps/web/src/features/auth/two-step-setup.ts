/**
 * (issue 58) The company requires 2-step login and this user has none: the login answered `two_step_setup_required`,
 * and until the user sets it up the server opens nothing but the set-up. Kept beside the token (as the password
 * change is) so a reload still asks for the set-up first.
 */
const KEY = 'portal.twoStepSetupRequired';

export const twoStepSetup = {
  /** false without a storage (the build's prerender of the layout, app/prerender.tsx) */
  required: (): boolean => typeof localStorage !== 'undefined' && localStorage.getItem(KEY) === '1',
  set(required: boolean) {
    if (required) localStorage.setItem(KEY, '1');
    else localStorage.removeItem(KEY);
  },
};
