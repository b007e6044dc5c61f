import type { MessageReportReason, ScamSign } from '@market/contract';

/*
 * The conversations' rules the screens need as values. The contract's chat.ts holds them beside its zod schemas,
 * and importing a value from there would bring zod into the bundle: they are said again here, typed by the
 * contract (a sign or a reason it does not know fails the typecheck), and chat-rules.test.ts checks they are
 * the contract's own.
 */

/** At most this many photos go with one message (chat.ts `maxMessagePhotos`). */
export const maxMessagePhotos = 4;

/** The warning signs the server's scam detector finds, in the order the card names them (chat.ts `scamSigns`). */
export const scamSigns = ['send_money', 'otp_pin', 'off_platform', 'payment_link'] as const satisfies readonly ScamSign[];

/** Why a person reports a message (chat.ts `messageReportReasons`); 'other' needs a few words. */
export const messageReportReasons = ['scam', 'abuse', 'spam', 'other'] as const satisfies readonly MessageReportReason[];
