import { api } from './api.ts';
import { call } from './endpoint.ts';

/** The endpoints several features (and the app) use: the category list and picture uploads. */
export const sharedApi = api.injectEndpoints({
  endpoints: (build) => ({
    categories: build.query(call('categories')),
    uploadImage: build.mutation(
      call('uploadImage', (file: File) => {
        const body = new FormData();
        body.append('image', file);
        return { body };
      }),
    ),
  }),
});

export const { useCategoriesQuery, useUploadImageMutation } = sharedApi;
