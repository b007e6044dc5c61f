import type { ModelAliasBody, NewPhoneModelBody } from '@market/contract';
import { api } from '../../../lib/api.ts';
import { call } from '../../../lib/endpoint.ts';

/** The Admin's calls on the model catalogue (issue 34): the names sellers typed as not in the list, and adding to it. */
export const modelsApi = api.injectEndpoints({
  endpoints: (build) => ({
    unlistedModels: build.query({ ...call('unlistedModels'), providesTags: ['phone-model'] }),
    // The listings flagged by the names become the model's: their pages change too.
    addPhoneModel: build.mutation({ ...call('addPhoneModel', (body: NewPhoneModelBody) => ({ body })), invalidatesTags: ['phone-model', 'product'] }),
    addModelAlias: build.mutation({
      ...call('addModelAlias', ({ id, body }: { id: string; body: ModelAliasBody }) => ({ params: { id }, body })),
      invalidatesTags: ['phone-model', 'product'],
    }),
  }),
});

export const { useUnlistedModelsQuery, useAddPhoneModelMutation, useAddModelAliasMutation } = modelsApi;
