import { request } from '../../lib/endpoint.ts';

/*
 * Web Push in this browser (issue 33): whether it can, the server's key as the browser takes it, and forgetting
 * this browser's subscription when its person signs out (the next person to use it must not get their messages).
 */

/** Whether this browser can take push notifications from the site (a service worker and the Push API). */
export const pushSupported = () =>
  typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof window !== 'undefined' && 'PushManager' in window && 'Notification' in window;

/** A VAPID public key (base64url, as the server gives it) as the bytes `pushManager.subscribe` takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** This browser's push subscription, if the site's service worker has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * On sign-out: this browser stops taking the person's notifications, and the server forgets it (with the token
 * of the session that is ending). Anything that fails is left: the server drops subscriptions the push service
 * says are gone.
 */
export async function forgetThisBrowser(token: string): Promise<void> {
  try {
    const subscription = await currentSubscription();
    if (!subscription) return;
    const { endpoint } = subscription;
    await subscription.unsubscribe();
    const call = request('unsubscribePush', { body: { endpoint } });
    await fetch(`/api/${call.url}`, {
      method: call.method!,
      headers: { authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify(call.body),
    });
  } catch {
    // Nothing more to do here.
  }
}
