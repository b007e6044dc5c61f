import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser, fakeApi, renderAt, signIn } from '../../test-utils.tsx';
import { DevicePush } from './device-push.tsx';
import { keyBytes } from './push.ts';

/** Issue 33: the account page's 'Notifications on this device'. */
describe('Notifications on this device', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(aUser({ role: 'Buyer' }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says so where the browser cannot take push notifications, with no switch', async () => {
    // jsdom, like some browsers, has neither service workers nor the Push API.
    expect('serviceWorker' in navigator).toBe(false);
    const calls = fakeApi();
    renderAt('/dashboard/account', <DevicePush />);
    expect(await screen.findByRole('heading', { name: 'Notifications on this device' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('This browser cannot show notifications from websites.');
    expect(screen.queryByRole('switch')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('reads the server’s key as the bytes the browser takes (base64url, unpadded)', () => {
    expect([...keyBytes('AQID-_8')]).toEqual([1, 2, 3, 251, 255]);
  });
});
