import { z } from 'zod';
import { dealTransitionNames, dealTransitions, type DealParty, type DealTransition, type DealTransitionName } from './deal.ts';
import type { Role } from './common.ts';

/** What a notification tells: for now a move of one of the person's deals (deal.ts, the transition's `tells`). */
export const notificationKinds = dealTransitionNames;
export type NotificationKind = DealTransitionName;

/** The kinds a party of a deal can be told, in the deal table's order: what their e-mail preferences list. */
export const kindsToldTo = (party: DealParty): NotificationKind[] =>
  notificationKinds.filter((k) => (dealTransitions[k] as DealTransition).tells.includes(party));

/** Which party of a deal an account of this role is (only Buyers book, only Sellers list); an Admin is none. */
export const partyOfRole = (role: Role): DealParty | null => (role === 'Buyer' ? 'buyer' : role === 'Seller' ? 'seller' : null);

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

/**
 * Which kinds of notification also come by e-mail (issue 31, item 6): every kind unless switched off here. The
 * bell tells of every kind whatever this says; e-mail goes only to a confirmed address.
 */
export const MailPreferences = z.object({
  /** The kinds that do not come by e-mail. */
  mailOff: z.array(z.enum(notificationKinds)).max(notificationKinds.length),
});
export type MailPreferences = z.infer<typeof MailPreferences>;
