import type { PriceGuideQuery } from '@market/contract';
import { api } from './api.ts';
import { call } from './endpoint.ts';

/** The endpoints several features (and the app) use: the category list, picture uploads and the price guide. */
export const sharedApi = api.injectEndpoints({
  endpoints: (build) => ({
    categories: build.query(call('categories')),
    /** The price guide of a model, storage and condition (issue 34): the listing form and the phone's page. */
    priceGuide: build.query({ ...call('priceGuide', (query: PriceGuideQuery) => ({ query })), providesTags: ['product'] }),
    uploadImage: build.mutation(
      call('uploadImage', (file: File) => {
        const body = new FormData();
        body.append('image', file);
        return { body };
      }),
    ),
  }),
});

export const { useCategoriesQuery, useUploadImageMutation, usePriceGuideQuery } = sharedApi;
