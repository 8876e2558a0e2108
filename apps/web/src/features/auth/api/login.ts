import type { TTokenResponse } from '@portal/contract';
import { COMPANY_DIVISION } from '@portal/contract/constants';
import { api } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { session } from '../../../lib/session';
import { passwordChange } from '../password-change';
import { twoStepSetup } from '../two-step-setup';

/**
 * Spec §4/§7: login stores the token and its expiry; the member info is loaded by the app layout
 * right after. (Plain async function, no react-query: the login page's JS stays small.)
 */
export async function login(input: { id: string; password: string; otp?: string }) {
  const res = await api.post<TTokenResponse>(
    'company/login',
    // the language in use: the server writes the company's mails in it (issue 18); `otp`: the second step (issue 58)
    {
      id: input.id,
      password: input.password,
      company_division: COMPANY_DIVISION,
      language: currentLanguage(),
      ...(input.otp ? { otp: input.otp } : {}),
    },
    { auth: false },
  );
  session.store(res.access_token, res.expires_in);
  // the app layout asks for a new password first (issue 15); any other login clears what a previous one left
  passwordChange.set(res.password_change_required === true);
  // (issue 58) the company requires 2-step login and the user has none: the layout asks for the set-up first
  twoStepSetup.set(res.two_step_setup_required === true);
  return res;
}
