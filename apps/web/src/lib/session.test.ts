import { describe, expect, it } from 'vitest';
import reducer, { loadAuth, signedIn, signedOut, userRefreshed } from './session.ts';

const user = {
  _id: '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d',
  id: 'local:1',
  name: 'A',
  email: 'a@b.c',
  role: 'Buyer' as const,
  userImg: '',
  sellerVerified: false,
  emailVerified: false,
  language: 'en' as const,
};
const storage = (value: string | null) => ({ getItem: () => value });

describe('auth slice', () => {
  it('starts signed out with the spec shape', () => {
    expect(loadAuth(storage(null))).toEqual({ user: null, token: null, verify: false, loading: false });
  });

  it('restores a persisted user and token, and ignores garbage', () => {
    expect(loadAuth(storage(JSON.stringify({ user, token: 't' })))).toMatchObject({ user, token: 't' });
    expect(loadAuth(storage('{not json')).token).toBeNull();
    expect(loadAuth(storage(JSON.stringify({ user }))).user).toBeNull();
  });

  it('signs in and out', () => {
    const state = reducer(undefined, signedIn({ user, token: 't' }));
    expect(state).toMatchObject({ user, token: 't' });
    expect(reducer(state, signedOut())).toEqual({ user: null, token: null, verify: false, loading: false });
  });

  it("refreshes the stored user, but only with the same account's data", () => {
    const state = reducer(undefined, signedIn({ user, token: 't' }));
    const confirmed = reducer(state, userRefreshed({ ...user, emailVerified: true }));
    expect(confirmed).toMatchObject({ user: { ...user, emailVerified: true }, token: 't' });
    const other = { ...user, _id: '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed', name: 'Someone else' };
    expect(reducer(state, userRefreshed(other)).user).toEqual(user);
    expect(reducer(undefined, userRefreshed(user)).user).toBeNull();
  });
});
