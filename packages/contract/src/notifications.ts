import { z } from 'zod';
import { dealTransitionNames } from './deal.ts';

/** What a notification tells: for now a move of one of the person's deals (deal.ts, the transition's `tells`). */
export const notificationKinds = dealTransitionNames;

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
  createdAt: z.iso.datetime(),
  readAt: z.iso.datetime().nullable(),
});
export type Notification = z.infer<typeof Notification>;

/** How many of the signed-in person's notifications are unread: the bell's number. */
export const UnreadCount = z.object({ unread: z.number().int().min(0) });
export type UnreadCount = z.infer<typeof UnreadCount>;
