import type { User } from '@market/contract';
import { useEffect } from 'react';
import { useAppDispatch } from '../../lib/shared-state.ts';
import { useMeQuery } from './api.ts';
import { userRefreshed } from '../../lib/session.ts';
import { useAuth } from '../../lib/use-auth.ts';

const sameUser = (a: User, b: User) => {
  const keys = Object.keys(a) as (keyof User)[];
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
};

/**
 * Keeps the stored user as the server has it: GET /api/me once per session when the app starts
 * (the address may have been confirmed in another tab or on another device meanwhile), and again
 * whenever the 'auth' tag is invalidated (e.g. after confirming an address here).
 */
export function useFreshUser() {
  const { user, token } = useAuth();
  const dispatch = useAppDispatch();
  const { data } = useMeQuery(token ?? '', { skip: !token });
  useEffect(() => {
    if (data && user && data._id === user._id && !sameUser(data, user)) dispatch(userRefreshed(data));
  }, [data, user, dispatch]);
}
