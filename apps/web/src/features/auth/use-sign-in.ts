import type { AuthResult } from '@market/contract';
import { useLocation, useNavigate } from 'react-router';
import { activate, currentLang, rememberLang } from '../../lib/i18n.ts';
import { useAppDispatch } from '../../lib/shared-state.ts';
import { signedIn } from '../../lib/session.ts';

/**
 * After a successful sign-in: keep the user, switch to the account's language if the page is in the other
 * one (decision 029), then go back where they came from (or home), replacing history.
 */
export function useCompleteSignIn() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: { pathname?: string; search?: string } } | null)?.from;
  return (result: AuthResult, to?: string) => {
    dispatch(signedIn(result));
    const { language } = result.user;
    if (language && language !== currentLang()) {
      rememberLang(language);
      void activate(language);
    }
    navigate(to ?? (from?.pathname ? `${from.pathname}${from.search ?? ''}` : '/'), { replace: true });
  };
}
