import type { AuthResult, DemoAccount, GoogleUserBody, ImageUploaded, LoginBody, Ok, SignUpBody } from '@market/contract';
import { api } from '../../lib/api.ts';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<AuthResult, LoginBody>({
      query: (body) => ({ url: 'login', method: 'POST', body }),
      transformResponse: (res: Ok<AuthResult>) => res.data,
      invalidatesTags: ['auth'],
    }),
    signUp: build.mutation<AuthResult, SignUpBody>({
      query: (body) => ({ url: 'user', method: 'POST', body }),
      transformResponse: (res: Ok<AuthResult>) => res.data,
      invalidatesTags: ['auth'],
    }),
    /** Signs in with the ID token the Google popup handed over; the server verifies it. */
    googleUser: build.mutation<AuthResult, GoogleUserBody>({
      query: (body) => ({ url: 'google-user', method: 'POST', body }),
      transformResponse: (res: Ok<AuthResult>) => res.data,
      invalidatesTags: ['auth'],
    }),
    demoAccounts: build.query<DemoAccount[], void>({
      query: () => 'demo-accounts',
      transformResponse: (res: Ok<DemoAccount[]>) => res.data,
    }),
    uploadImage: build.mutation<ImageUploaded, File>({
      query: (file) => {
        const body = new FormData();
        body.append('image', file);
        return { url: 'images', method: 'POST', body };
      },
      transformResponse: (res: Ok<ImageUploaded>) => res.data,
    }),
  }),
});

export const { useLoginMutation, useSignUpMutation, useGoogleUserMutation, useDemoAccountsQuery, useUploadImageMutation } = authApi;
