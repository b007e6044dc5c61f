import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { signedOut } from './session.ts';

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '/api',
  prepareHeaders: (headers, { getState }) => {
    const token = (getState() as { auth: { token: string | null } }).auth.token;
    // The spec's client sends the token raw, without a scheme.
    if (token) headers.set('authorization', token);
    return headers;
  },
});

const currentToken = (getState: () => unknown) => (getState() as { auth: { token: string | null } }).auth.token;

/**
 * A 401 to a call that carried the token means the session is over (the account was deleted, its
 * sessions were ended, or the token is no longer accepted): sign out, so the guards send the user to
 * /login instead of a page that can never load. A failed login is not a lost session, and neither is a
 * 401 to a token that was replaced meanwhile (a password change hands out a new one).
 */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, apiCtx, extra) => {
  const sent = currentToken(apiCtx.getState);
  const result = await rawBaseQuery(args, apiCtx, extra);
  if (result.error?.status === 401 && sent && sent === currentToken(apiCtx.getState) && apiCtx.endpoint !== 'login') {
    apiCtx.dispatch(signedOut());
    apiCtx.dispatch(api.util.resetApiState());
  }
  return result;
};

/** The API slice: feature modules inject their endpoints into it (one module per endpoint group). */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['auth', 'product', 'order', 'review'],
  keepUnusedDataFor: 60,
  endpoints: () => ({}),
});
