import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

/** The API slice: feature modules inject their endpoints into it (one module per endpoint group). */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({
    baseUrl: '/api',
    prepareHeaders: (headers, { getState }) => {
      const token = (getState() as { auth: { token: string | null } }).auth.token;
      // The spec's client sends the token raw, without a scheme.
      if (token) headers.set('authorization', token);
      return headers;
    },
  }),
  tagTypes: ['auth', 'product', 'order'],
  keepUnusedDataFor: 60,
  endpoints: () => ({}),
});
