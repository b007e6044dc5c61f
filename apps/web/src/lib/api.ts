import { buildCreateApi, coreModule, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { reactHooksModule } from '@reduxjs/toolkit/query/react';
import { signedOut } from './session.ts';

const currentToken = (getState: () => unknown) => (getState() as { auth: { token: string | null } }).auth.token;

const prepareHeaders = (headers: Headers, { getState }: { getState: () => unknown }) => {
  const token = currentToken(getState);
  // The spec's client sends the token raw, without a scheme.
  if (token) headers.set('authorization', token);
  return headers;
};
const rawBaseQuery = fetchBaseQuery({ baseUrl: '/api', prepareHeaders });

/** What a store made on the server gives its calls (entry-server.tsx): the API answers them in-process. */
export interface ServerCalls {
  fetchFn: (input: RequestInfo, init?: RequestInit) => Promise<Response>;
}
const serverBaseQueries = new WeakMap<ServerCalls, ReturnType<typeof fetchBaseQuery>>();
/** The base query of a store made on the server: the same calls, answered by its `fetchFn` (no network, no credentials). */
const serverBaseQuery = (calls: ServerCalls) => {
  let query = serverBaseQueries.get(calls);
  if (!query) serverBaseQueries.set(calls, (query = fetchBaseQuery({ baseUrl: 'http://server.invalid/api', fetchFn: calls.fetchFn, prepareHeaders })));
  return query;
};

/**
 * A 401 to a call that carried the token means the session is over (the account was deleted, its
 * sessions were ended, or the token is no longer accepted): sign out, so the guards send the user to
 * /login instead of a page that can never load. A failed login is not a lost session, and neither is a
 * 401 to a token that was replaced meanwhile (a password change hands out a new one).
 */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, apiCtx, extra) => {
  const sent = currentToken(apiCtx.getState);
  const server = apiCtx.extra as ServerCalls | undefined;
  const result = await (server?.fetchFn ? serverBaseQuery(server) : rawBaseQuery)(args, apiCtx, extra);
  if (result.error?.status === 401 && sent && sent === currentToken(apiCtx.getState) && apiCtx.endpoint !== 'login') {
    apiCtx.dispatch(signedOut());
    apiCtx.dispatch(api.util.resetApiState());
  }
  return result;
};

/**
 * Rendering on the server (import.meta.env.SSR: the build of entry-server.tsx), a query hook asks for its
 * data during the render, since no effect runs there: entry-server.tsx waits for the answers and renders again.
 */
const createApi = buildCreateApi(coreModule(), reactHooksModule({ unstable__sideEffectsInRender: import.meta.env.SSR }));

/**
 * The deal lists (My Orders, Booking Requests) carry each deal's conversation and its unread count (issue 33): the
 * live stream's messages and a thread's reading ask them again under this tag, as they ask the inbox.
 */
export const dealConversations = { type: 'conversation', id: 'DEALS' } as const;

/** The API slice: feature modules inject their endpoints into it (one module per endpoint group). */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [
    'auth',
    'product',
    'order',
    'review',
    'notification',
    'mail-choices',
    'payout',
    'payout-method',
    'conversation',
    'message',
    'message-report',
    'saved',
    'saved-search',
    'phone-model',
  ],
  keepUnusedDataFor: 60,
  endpoints: () => ({}),
});
