import { storedFlag } from './stored-flag';

/**
 * (issue 58) The company requires 2-step login and this user has none: the login answered `two_step_setup_required`,
 * and until the user sets it up the server opens nothing but the set-up. Kept beside the token (as the password
 * change is) so a reload still asks for the set-up first.
 */
export const twoStepSetup = storedFlag('portal.twoStepSetupRequired');
