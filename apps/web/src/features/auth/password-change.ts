import { storedFlag } from './stored-flag';

/**
 * (issue 15) The distributor set this company's password (initial or reset): the login answered
 * `password_change_required`, and until the password is changed the server opens nothing but the
 * change. Kept beside the token so a reload still asks for the new password first.
 */
export const passwordChange = storedFlag('portal.passwordChangeRequired');
