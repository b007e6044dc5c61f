import { Agent } from 'node:https';
import { pageOf, partyOfRole, type Lang, type PushSubscriptionBody, type Role } from '@market/contract';
import { and, eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Db } from '../../db/client.ts';
import { conversations, messages, notifications, pushSubscriptions, users } from '../../db/schema.ts';
import type { JobPayloads } from '../../jobs/queue.ts';
import { badRequest } from '../../errors.ts';
import { texts } from '../../texts.ts';
import { noteWords } from '../mail/note-words.ts';
import { plainName } from '../mail/plain-name.ts';
import type { VapidKeys } from './vapid.ts';

/**
 * Whether an endpoint is on one of the allowed push services (an origin, or `https://*.host` for its subdomains):
 * a subscription is an address the server will POST to, so it must never be one of ours or a stranger's server.
 */
export function allowedPushEndpoint(endpoint: string, allowed: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return allowed.some((origin) => {
    const wild = /^(https?):\/\/\*\.(.+)$/.exec(origin);
    if (wild) return url.protocol === `${wild[1]}:` && url.hostname.endsWith(`.${wild[2]}`) && !url.port;
    return url.origin === new URL(origin).origin;
  });
}

/** Keeps a browser's subscription for this person (a browser that moves to another account is theirs now). */
export async function subscribe(db: Db, userId: string, body: PushSubscriptionBody, allowed: readonly string[]) {
  if (!allowedPushEndpoint(body.endpoint, allowed)) throw badRequest('push_service_not_allowed');
  await db
    .insert(pushSubscriptions)
    .values({ userId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, p256dh: body.keys.p256dh, auth: body.keys.auth } });
  return { subscribed: true as const };
}

/** Forgets a browser's subscription, if it is this person's. */
export async function unsubscribe(db: Db, userId: string, endpoint: string) {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)));
  return { subscribed: false as const };
}

/** What a push shows: its title and words, the page a tap opens, and a tag (a newer push of the same tag replaces it). */
interface Shown {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/** A message's push, in the recipient's language: who wrote, about which phone, the start of the message. */
async function messageShown(db: Db, messageId: string, language: Lang): Promise<Shown | null> {
  const [m] = await db
    .select({ body: messages.body, conversationId: conversations.id, productName: conversations.productName, sender: users.name })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(eq(messages.id, messageId));
  if (!m) return null;
  const t = texts(language);
  return {
    title: t('push.message', { name: plainName(m.sender), productName: plainName(m.productName) }),
    body: m.body ? m.body.slice(0, 140) : t('push.photo'),
    url: `/dashboard/messages/${m.conversationId}`,
    tag: `conversation-${m.conversationId}`,
  };
}

/** A notification's push: the bell's words (its mail's), and the page of the deals (or notice) it is about. */
async function notificationShown(db: Db, notificationId: string, language: Lang, role: Role): Promise<Shown | null> {
  const [n] = await db
    .select({ kind: notifications.kind, productName: notifications.productName, params: notifications.params })
    .from(notifications)
    .where(eq(notifications.id, notificationId));
  if (!n) return null;
  const t = texts(language);
  return {
    title: t('site.name'),
    body: noteWords(t, n.kind, n.productName, n.params, partyOfRole(role)),
    url: pageOf(n.kind, partyOfRole(role)),
    tag: `notification-${notificationId}`,
  };
}

/**
 * The job of a push to one browser (kind 'push'): of a new message (queued with it) or of a notification (queued by
 * the notifications' trigger, migration 0038), in the recipient's language; encrypted for the browser and signed
 * with our VAPID key by `web-push`. A subscription its push service no longer knows (404, 410) is forgotten; other
 * failures are asked again by the queue. Nothing is sent once what it tells, or the subscription, is gone.
 */
export function pushJob(db: Db, keys: VapidKeys, subject: string, ca?: string) {
  const agent = ca ? new Agent({ ca }) : undefined;
  return async (job: JobPayloads['push']) => {
    const [row] = await db
      .select({ s: pushSubscriptions, language: users.language, role: users.role })
      .from(pushSubscriptions)
      .innerJoin(users, eq(users.id, pushSubscriptions.userId))
      .where(eq(pushSubscriptions.id, job.subscriptionId));
    if (!row) return;
    const shown =
      'messageId' in job ? await messageShown(db, job.messageId, row.language) : await notificationShown(db, job.notificationId, row.language, row.role);
    if (!shown) return;
    try {
      await webpush.sendNotification({ endpoint: row.s.endpoint, keys: { p256dh: row.s.p256dh, auth: row.s.auth } }, JSON.stringify(shown), {
        vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: 24 * 3600,
        urgency: 'high',
        timeout: 10_000,
        ...(agent ? { agent } : {}),
      });
    } catch (err) {
      const status = (err as { statusCode?: number }).statusCode;
      if (status === 404 || status === 410) {
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, job.subscriptionId));
        return;
      }
      throw err;
    }
  };
}
