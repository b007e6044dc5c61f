import type { AuthResult } from '@market/contract';
import { useLocation, useNavigate } from 'react-router';
import { useAppDispatch } from '../../lib/shared-state.ts';
import { signedIn } from '../../lib/session.ts';

/** After a successful sign-in: keep the user, then go back where they came from (or home), replacing history. */
export function useCompleteSignIn() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: { pathname?: string; search?: string } } | null)?.from;
  return (result: AuthResult, to?: string) => {
    dispatch(signedIn(result));
    navigate(to ?? (from?.pathname ? `${from.pathname}${from.search ?? ''}` : '/'), { replace: true });
  };
}
