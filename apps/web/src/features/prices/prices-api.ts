import type { ModelPricesParams } from '@market/contract';
import { api } from '../../lib/api.ts';
import { call } from '../../lib/endpoint.ts';

/** A model's prices page (issue 34): its guide by storage and condition, the sales counted, the phones for sale. */
export const pricesApi = api.injectEndpoints({
  endpoints: (build) => ({
    modelPrices: build.query({ ...call('modelPrices', (params: ModelPricesParams) => ({ params })), providesTags: ['product'] }),
  }),
});

export const { useModelPricesQuery } = pricesApi;
