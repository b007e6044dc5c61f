import type { PushSubscriptionBody } from '@market/contract';
import { api } from '../../lib/api.ts';
import { call } from '../../lib/endpoint.ts';

/** The account page's Web Push calls (issue 33): the server's key, and keeping or forgetting this browser's subscription. */
export const pushApi = api.injectEndpoints({
  endpoints: (build) => ({
    pushKey: build.query(call('pushKey')),
    subscribePush: build.mutation(call('subscribePush', (body: PushSubscriptionBody) => ({ body }))),
    unsubscribePush: build.mutation(call('unsubscribePush', (endpoint: string) => ({ body: { endpoint } }))),
  }),
});

export const { useLazyPushKeyQuery, useSubscribePushMutation, useUnsubscribePushMutation } = pushApi;
