import type { Payout } from '@market/contract';
import { api } from '../../../lib/api.ts';
import { call, pages } from '../../../lib/endpoint.ts';
import { DASHBOARD_PAGE } from '../api.ts';

/**
 * The Admins' money (issue 32): the money view reconciled with each provider, every payout (in one state, or all),
 * marking a bank payout of a batch paid or failed, adjusting a seller's balance, and the SMS outbox. Every payout
 * move and adjustment changes the view and the list: all of it is kept under the 'payout' tag.
 */
export const adminMoneyApi = api.injectEndpoints({
  endpoints: (build) => ({
    moneyOverview: build.query({ ...call('moneyOverview'), providesTags: ['payout'] }),
    allPayouts: build.infiniteQuery({
      ...pages('allPayouts', DASHBOARD_PAGE, (state: Payout['state'] | undefined) => ({ query: state ? { state } : {} })),
      providesTags: ['payout'],
    }),
    settlePayout: build.mutation({
      ...call('settlePayout', ({ id, outcome, reason }: { id: string; outcome: 'paid' | 'failed'; reason: string }) => ({
        params: { id },
        body: { outcome, reason },
      })),
      invalidatesTags: ['payout'],
    }),
    adjustBalance: build.mutation({
      ...call('adjustBalance', ({ sellerId, amount, reason }: { sellerId: string; amount: number; reason: string }) => ({
        params: { id: sellerId },
        body: { amount, reason },
      })),
      invalidatesTags: ['payout'],
    }),
  }),
});

export const { useMoneyOverviewQuery, useAllPayoutsInfiniteQuery, useSettlePayoutMutation, useAdjustBalanceMutation } = adminMoneyApi;
