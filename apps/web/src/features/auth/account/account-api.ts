import type { ChangePasswordBody } from '@market/contract';
import { api } from '../../../lib/api.ts';
import { call } from '../../../lib/endpoint.ts';

/** The account page's calls; injected when the (lazily loaded) account page is, not with the sign-in calls. */
export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A new session for this browser; every other session of the account has ended. */
    changePassword: build.mutation(call('changePassword', (body: ChangePasswordBody) => ({ body }))),
    /** Ends every session of the account, this one included. */
    logoutEverywhere: build.mutation(call('logoutEverywhere')),
  }),
});

export const { useChangePasswordMutation, useLogoutEverywhereMutation } = accountApi;
