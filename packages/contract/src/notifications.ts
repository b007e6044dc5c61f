import { z } from 'zod';
import { notificationKinds } from './deal.ts';

/** The values a notification's words need besides the phone's name, by kind (taka). */
export const NotificationParams = z
  .object({
    oldPrice: z.number().int(),
    newPrice: z.number().int(),
    hours: z.number().int(),
    reason: z.string(),
    /** A listing's days left before it expires, and its one-tap "Still available" key (listing_expiring, issue 36). */
    days: z.number().int(),
    renew: z.string(),
  })
  .partial();
export type NotificationParams = z.infer<typeof NotificationParams>;

/**
 * One thing a person was told (issue 31): which move of which deal, with the phone's name as the deal keeps it, when,
 * and when they read it (null while unread). The web words it in their language from `kind`.
 */
export const Notification = z.object({
  _id: z.uuid(),
  kind: z.enum(notificationKinds),
  /** The deal it is about (null once the booking was removed). */
  orderId: z.uuid().nullable(),
  productName: z.string(),
  /** What the words say besides the phone's name: a saved phone's old and new price (saved_price_drop); null for the rest. */
  params: NotificationParams.nullable(),
  createdAt: z.iso.datetime(),
  readAt: z.iso.datetime().nullable(),
});
export type Notification = z.infer<typeof Notification>;

/** How many of the signed-in person's notifications are unread: the bell's number. */
export const UnreadCount = z.object({ unread: z.number().int().min(0) });
export type UnreadCount = z.infer<typeof UnreadCount>;

/**
 * Which kinds of notification also come by e-mail (issue 31, item 6): every kind unless switched off here. The
 * bell tells of every kind whatever this says; e-mail goes only to a confirmed address.
 */
export const MailPreferences = z.object({
  /** The kinds that do not come by e-mail. */
  mailOff: z.array(z.enum(notificationKinds)).max(notificationKinds.length),
});
export type MailPreferences = z.infer<typeof MailPreferences>;
