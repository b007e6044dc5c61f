import { z } from 'zod';
import { formatIcu } from './icu.ts';

/**
 * How long until a limit lets the caller try again: seconds under two minutes, else whole minutes (`minutes`
 * is 0 then). The numbers as `{seconds}`, not `#`, which ICU would group ('1,440 minutes').
 */
const WAIT = '{minutes, plural, =0 {{seconds, plural, one {{seconds} second} other {{seconds} seconds}}} other {{minutes} minutes}}';

/**
 * Every refusal the API answers, by its code: one code per meaning, with its English message in ICU
 * MessageFormat. The API says the message rendered from the code and its values (`params`), so these
 * are its exact words; the web app shows the code's text in the user's language. A code is never
 * renamed or reused for another meaning (decision 031).
 */
export const errorMessages = {
  // Signed in, allowed, one's own (the access rules, decision 012).
  not_logged_in: 'Please log in first',
  session_expired: 'Your session is invalid or has expired, please log in again',
  session_invalid: 'Your session is invalid, please log in again',
  session_ended: 'Your session has ended, please log in again',
  account_gone: 'Your account no longer exists',
  account_suspended: 'Your account is suspended',
  forbidden_role: 'Only {roles, select, Admin {an Admin} other {a {roles}}} can do this',
  email_not_confirmed: 'Confirm your e-mail address first: open the link we sent you, or ask for a new one on your account page',
  own_data_only: 'You can only see your own data',
  not_yours:
    '{what, select, booking {This booking is not of your phone} review_of_me {This review is not of you} saved_search {This saved search is not yours} other {This {what} is not yours}}',
  not_found: '{what} not found',
  metrics_not_allowed: 'The metrics need the metrics token (METRICS_TOKEN) as a bearer token, or a call from this machine while no proxy is trusted',

  // Accounts and signing in.
  wrong_credentials: 'Invalid Email or Password',
  suspended: 'This account is suspended: it cannot sign in. Write to hello@resalephones.example if you think this is a mistake',
  email_already_confirmed: 'Your e-mail address is already confirmed',
  link_expired: 'This link has expired or was already used: ask for a new one',
  no_password_yet: "Your account has no password yet: use 'Forgot password?' on the login page to set one",
  wrong_current_password: 'currentPassword is not your current password',
  google_not_set_up: 'Google sign-in is not set up on this server',
  google_unreachable: 'Google could not be reached, please try again',
  google_sign_in_expired: 'Your Google sign-in has expired, please try again',
  google_sign_in_unverified: 'Your Google sign-in could not be verified',
  google_sign_in_lost: 'The Google sign-in took too long or was started elsewhere, please try again',
  google_sign_in_cancelled: 'Google sign-in was cancelled',
  google_sign_in_failed: 'Google sign-in failed ({reason})',
  google_no_email: 'Your Google sign-in did not include a usable e-mail address',
  google_email_unverified: 'Your Google e-mail address is not verified',
  google_email_unconfirmed:
    "An account with this e-mail exists, but its address is not confirmed yet, so Google cannot be added to it: log in with its password and confirm the address, or use 'Forgot password?'",
  google_other_account: 'This e-mail address belongs to another Google account',
  admin_password_only: 'An Admin signs in with e-mail and password only',
  test_provider_own_accounts_only: 'The local test provider can only sign in to Buyer accounts it created itself',
  test_provider_email_taken: 'This e-mail address already has an account, which the local test provider cannot sign in to: log in with its password',

  // An Admin's acts on users.
  only_seller_verified: 'Only a seller can be verified',
  only_seller_suspended: 'Only a seller can be suspended or reinstated',
  seller_already_suspended: 'This seller is already suspended',
  seller_not_suspended: 'This seller is not suspended',
  only_buyer_suspended: 'Only a buyer can be suspended or reinstated as a buyer',
  buyer_already_suspended: 'This buyer is already suspended',
  buyer_not_suspended: 'This buyer is not suspended',
  admin_cannot_be_deleted: 'An admin account cannot be deleted',

  // Listings and search.
  unknown_category: 'categoryId does not name a category',
  unknown_phone_model: 'phoneModelId does not name a model of the chosen brand',
  phone_model_taken: 'The catalogue already has a model of this brand by this name',
  purchase_in_future: 'purchase cannot be in the future',
  imei_taken: 'This IMEI is already listed: the same handset cannot be listed twice',
  sold_cannot_edit: 'This product is sold: a sold listing cannot be edited',
  sold_cannot_delete: 'This product was sold: a sold listing cannot be deleted, only hidden',
  only_sold_hidden: 'Only a sold listing can be hidden: a listing for sale can be deleted',
  product_sold: 'This product is already sold',
  already_advertised: 'This product is already advertised',
  only_available_advertised: 'Only an available product can be advertised',
  not_advertised: 'This product is not advertised',
  listing_in_check: 'This listing is waiting for a check: it can be marked sold or advertised once it is live',
  listing_not_waiting: 'This listing is not waiting for a check',
  listing_expired: 'This listing has expired: its seller has not said it is still for sale',
  listing_not_renewable: 'Only a listing on sale or expired can be renewed',
  renew_link_invalid: 'This link is not valid: renew the listing from My Products',
  bad_search_cursor: 'cursor must be a cursor from a previous page of this search',
  too_many_new_words:
    'This listing has {count} words the search has not seen yet; at most {max} are allowed: check the spelling of the name and the description',

  // Pictures.
  image_not_multipart: 'Send the picture as multipart/form-data in the field "image"',
  image_field_missing: 'Send the picture in the multipart field "image"',
  malformed_multipart: 'The multipart/form-data body is malformed',
  multipart_parts_limit: 'reach parts limit',
  multipart_files_limit: 'reach files limit',
  multipart_fields_limit: 'reach fields limit',
  multipart_proto_field: 'prototype property is not allowed as field name',
  image_type: 'image must be a JPEG, PNG, WebP, GIF or AVIF picture',
  image_too_large: 'image is too large: at most 20 MB',
  image_too_many_pixels: 'image is too large: at most 40 megapixels',
  image_damaged: 'image could not be read: the file is damaged',
  image_too_detailed: 'image is too detailed to store: try a smaller or plainer picture',
  image_not_uploaded_here: '{field} must be a picture uploaded to this site, and used within {hours} hours of uploading it',
  image_not_yours: '{field} must be a picture you uploaded yourself',

  // Bookings and orders.
  already_booked: 'You have already booked this product',
  booking_declined: 'The seller declined your booking of this phone: it cannot be booked again',
  booking_paid_cannot_decline: 'This booking is paid: it cannot be declined',
  booking_already_declined: 'This booking is already declined',
  booking_already_accepted: 'This booking is already accepted',
  booking_not_pending:
    'This booking is {state, select, paid {already paid} refunded {paid and refunded} declined {already declined} cancelled {cancelled by the buyer} other {of a phone no longer for sale}}: it cannot be accepted',
  booking_cancelled: 'The buyer cancelled this booking',
  booking_expired: 'This booking expired: the seller did not answer in time. The phone can be booked again while it is for sale',
  booking_closed: 'This booking is closed: the phone went to another buyer',
  order_paid_cannot_delete: 'A paid or refunded order cannot be deleted: it is the record of money paid',
  order_not_paid_cannot_refund: 'Only a paid order can be refunded',
  order_already_refunded: 'This order is already refunded',
  product_reserved: 'This phone is reserved for a buyer who is meeting the seller: it cannot be booked, accepted or paid for now',
  reserved_cannot_mark_sold: 'This phone is reserved for a buyer: enter their handover code on Booking Requests when you meet, or call the deal off',
  reserved_cannot_delete: 'This phone is reserved for a buyer: the deal is called off (after its meeting day) before the listing can be deleted',
  dispute_not_open:
    'This deal cannot be disputed: {state, select, completed {it is completed} other {only a protected deal handed over, within its complaint window}}',
  dispute_already_open: 'A dispute is already open for this deal: an Admin will decide it',
  complaint_window_over: 'The complaint window of this deal is over: it completes',
  dispute_not_disputed: 'This deal is not in dispute',
  payout_method_missing: 'Add a payout method first: a bKash wallet or a bank account',
  payout_number_unconfirmed: 'Confirm your bKash wallet first with the code we sent to it by SMS',
  payout_number_confirmed: 'This bKash wallet is already confirmed',
  payout_below_minimum: 'A payout is at least {minimum} taka: your available balance is less',
  payout_over_balance: 'That is more than your available balance ({available} taka)',
  payout_in_progress: 'A payout of yours is on its way: ask for the next one when it has arrived',
  payout_not_in_batch: 'Only a bank payout sent in a batch can be marked paid or failed: this one is {state}',
  no_bank_payouts_waiting: 'No bank payout is waiting to be sent',
  sms_code_wrong: 'That is not the code we sent: {left, plural, one {# try} other {# tries}} left',
  sms_code_expired: 'That code has ended (codes last 10 minutes): ask for a new one',
  sms_code_tries_used: 'Five wrong codes: ask for a new one',
  number_already_confirmed: 'This is already your confirmed mobile number',
  number_taken: 'This mobile number is confirmed on another account: one number confirms one account',
  dispute_answers_full: 'You have answered {max} times in this dispute: an administrator will decide with what you said',
  refund_not_below_price: 'A split gives back less than the price ({price} taka): to give it all back, refund in full',
  order_pays_at_meeting: 'This deal is paid in cash at the meeting: it is not paid through the site',
  handover_not_open:
    'This deal takes no handover code: {state, select, requested {the seller has not accepted it yet} handed_over {it is already handed over} completed {it is already completed} other {it is over}}',
  handover_needs_payment: 'This deal is paid protected: the buyer pays through the site before the handover',
  handover_locked: 'Five wrong handover codes: this deal is locked. Either side may call it off',
  handover_wrong_code: "That is not the buyer's handover code: {left, plural, one {# try left} other {# tries left}} before the deal locks",
  deal_not_open:
    'This deal cannot be called off: {state, select, handed_over {the phone is handed over} completed {it is completed} other {it is already over}}',
  deal_not_accepted: 'This booking is not accepted yet: its buyer cancels it from My Orders, its seller declines it',
  meeting_day_not_over: 'The meeting day is {date}: the deal can be called off from the day after',

  // Paying.
  order_paid: 'This order is already paid',
  order_declined: 'The seller declined this booking',
  order_cancelled: 'You cancelled this booking: book the phone again to pay for it',
  product_gone: 'This phone is no longer for sale',
  sold_to_another_buyer: 'This phone has already been sold to another buyer',
  seller_suspended: 'The seller of this phone is suspended: it cannot be paid for now',
  unknown_payment: 'transactionId does not name a payment',
  payment_other_order: 'This payment belongs to another order',
  payment_not_succeeded: 'This payment has not succeeded',
  amount_mismatch: 'The amount paid does not match the order',
  payment_refunded: '{reason}. Your payment is being refunded.',
  bad_stripe_signature: 'stripe-signature does not match the body',
  bkash_unavailable: 'bKash is not available on this server',
  bkash_unreachable: 'bKash could not be reached, please try again',
  bkash_refused: 'bKash: {detail}',
  // bKash's return (a redirect to the payment page, in the page's language).
  bkash_not_started_here: 'This bKash payment was not started here',
  bkash_cancelled: 'You cancelled the bKash payment',
  bkash_payment_state: 'bKash: the payment is {status}',
  bkash_not_completed: 'The bKash payment did not go through',
  bkash_insufficient_balance: 'The bKash payment did not go through: the wallet’s balance was not enough. Add money to it, or pay another way',
  bkash_other_order: 'The bKash payment does not match this order',

  // Reviews and reports.
  review_before_completion: "This deal is not completed: a review comes once the phone is handed over (and a protected deal's complaint window is over)",
  review_seller_gone: 'The seller of this order no longer has an account: they can no longer be reviewed',
  review_refunded: 'This order was refunded: a refunded order cannot be reviewed',
  already_reviewed: 'You have already reviewed this order: change your review instead',
  review_edit_window_passed: 'A review can be changed for {days} days after it is written: this one is older',
  already_answered: 'You have already answered this review',
  own_phone_report: 'You cannot report your own phone',
  already_reported: 'You have already reported this phone',
  no_open_reports: 'This phone has no open reports',

  // Saved phones (issue 34).
  own_phone_save: 'This is your own phone: buyers save it to follow its price',
  too_many_saved: 'You have saved {max} phones, as many as one can keep: remove some first',

  // Conversations (issue 33).
  own_phone_message: 'This is your own phone: buyers write to you about it',
  message_not_sent: 'Your message could not be sent',
  you_blocked: 'You blocked this person: unblock them to write again',

  // Saved searches (issue 34).
  too_many_saved_searches: 'You can keep at most {max} saved searches: delete one first',
  search_already_saved: 'This search is already saved',
  cannot_block_self: 'You cannot block yourself',
  own_message_report: 'You cannot report your own message',
  already_reported_message: 'You have already reported this message',
  no_open_message_reports: 'This message has no open reports',
  conversation_not_reported: 'Conversations are private: an Admin reads one only when a message of it was reported',
  read_past_last: 'This conversation has {last, plural, one {# message} other {# messages}}: there is no message {seq} to read up to',
  push_service_not_allowed: 'This push service is not one this site sends to',
  too_many_first_messages: `A new account starts a few conversations an hour: try again in ${WAIT}`,

  // Abuse limits (429, with Retry-After), decision 010.
  too_many_requests: 'Too many requests, please try again later',
  too_many_signups_from_address: `Too many sign-ups from this address, try again in ${WAIT}`,
  too_many_signups_for_email: `Too many sign-up attempts for this e-mail, try again in ${WAIT}`,
  too_many_logins_from_address: `Too many login attempts from this address, try again in ${WAIT}`,
  too_many_failed_logins: `Too many failed logins for this e-mail, try again in ${WAIT}`,
  too_many_wrong_passwords: `Too many wrong passwords for this account, try again in ${WAIT}`,
  too_many_links: `You have asked for several links already: try again in ${WAIT}`,
  too_many_resets_from_address: `Too many password resets from this address, try again in ${WAIT}`,
  too_many_resets_for_email: `Too many password resets for this e-mail, try again in ${WAIT}`,
  too_many_google_sign_ins: `Too many Google sign-ins from this address, try again in ${WAIT}`,
  too_many_uploads: `Too many picture uploads from this address, try again in ${WAIT}`,
  daily_upload_limit: `This address has uploaded as many pictures as a day allows, try again in ${WAIT}`,
  too_many_payment_attempts: `Too many payment attempts, try again in ${WAIT}`,
  too_many_bookings: `You have booked many phones in a short time, try again in ${WAIT}`,
  too_many_payout_changes: `You have changed your payout method many times in a short time, try again in ${WAIT}`,
  too_many_sms_codes: `Many codes were sent to this number in a short time, try again in ${WAIT}`,
  too_many_number_codes: `You have asked for many codes in a short time, try again in ${WAIT}`,
  too_many_card_attempts: `Too many card attempts, try again in ${WAIT}`,
  too_many_messages: `You have sent many messages in a short time, try again in ${WAIT}`,
  too_many_listing_writes: `You have added or changed many listings this hour, try again in ${WAIT}`,

  // The request itself, as the framework or Node refuses it.
  invalid_input: 'Invalid {where}: {problems}',
  malformed_json: "Body is not valid JSON but content-type is set to 'application/json'",
  empty_json_body: "Body cannot be empty when content-type is set to 'application/json'",
  unsupported_media_type: 'Unsupported Media Type',
  payload_too_large: 'Request body is too large',
  content_length_mismatch: 'Request body size did not match Content-Length',
  bad_url: "''{part}'' is not a valid url component",
  param_too_long: "''{param}'' is exceeding the max param length",
  route_not_found: 'Route {method} {path} not found',
  request_timeout: 'The request took too long to arrive: send it again on a steadier connection',
  headers_too_large: 'The request headers are too large',
  not_http: 'The request is not valid HTTP',
  /** A 4xx from a plugin that has no code of its own: its words as they are. */
  request_refused: '{detail}',
  server_error: 'Something went wrong on our side',
} as const;

export type ErrorCode = keyof typeof errorMessages;
export const errorCodes = Object.keys(errorMessages) as [ErrorCode, ...ErrorCode[]];
export const isErrorCode = (value: unknown): value is ErrorCode => typeof value === 'string' && Object.hasOwn(errorMessages, value);

/** The names of a template's placeholders: `{name}` or `{name, select|plural, …}`, at any depth. */
type Word<S extends string> = S extends '' ? never : S extends `${string}${' ' | '{' | '}' | '#' | ','}${string}` ? never : S;
type Head<R extends string> = (R extends `${infer N}}${string}` ? Word<N> : never) | (R extends `${infer N},${string}` ? Word<N> : never);
type Placeholders<S extends string> = S extends `${string}{${infer R}` ? Head<R> | Placeholders<R> : never;

/** The codes of an abuse limit's 429: their message says how long to wait (`seconds`, and `minutes` from two minutes on). */
export type WaitCode = { [C in ErrorCode]: 'seconds' extends Placeholders<(typeof errorMessages)[C]> ? C : never }[ErrorCode];

/** Values a code carries besides its placeholders, for a translation to use. */
interface ExtraParams {
  /** The code of the refusal that made the payment go back (its English words are `reason`). */
  payment_refunded: { reasonCode: ErrorCode };
}

/** The values of a code's placeholders. */
export type ErrorParams<C extends ErrorCode> = { [K in Placeholders<(typeof errorMessages)[C]>]: string | number } & (C extends keyof ExtraParams
  ? ExtraParams[C]
  : unknown);
/** The params argument of a code: required when its message has placeholders, absent otherwise. */
export type ErrorParamsArg<C extends ErrorCode> = [Placeholders<(typeof errorMessages)[C]>] extends [never] ? [] : [params: ErrorParams<C>];

/** The codes whose message has no placeholders. */
export type PlainErrorCode = { [C in ErrorCode]: ErrorParamsArg<C> extends [] ? C : never }[ErrorCode];

/** The things a 404 names (`not_found`'s `what`). */
export type NotFoundWhat =
  | 'User'
  | 'Seller'
  | 'Product'
  | 'Order'
  | 'Booking'
  | 'Review'
  | 'Notification'
  | 'Payout'
  | 'Demo accounts'
  | 'Stripe webhook'
  | 'Conversation'
  | 'Message'
  | 'Search'
  | 'Model';
/** The things an owner rule guards (`not_yours`'s `what`). */
export type NotYoursWhat = 'product' | 'order' | 'booking' | 'review' | 'review_of_me' | 'conversation' | 'message' | 'saved_search';

/** A code's English message with its values in place. */
export const errorMessage = (code: ErrorCode, params?: Readonly<Record<string, string | number>>): string => formatIcu(errorMessages[code], params);

/** A field a validation error names and what is wrong with it (in English). */
export const FieldProblem = z.object({ field: z.string(), problem: z.string() });
export type FieldProblem = z.infer<typeof FieldProblem>;

/** Every refusal's body, whatever its status. */
export const ErrorBody = z.object({
  success: z.literal(false),
  /** The English message: `errorMessages[code]` with `params` in place. */
  message: z.string(),
  /** Same as message: the spec's client reads this spelling. */
  massage: z.string(),
  code: z.enum(errorCodes),
  /** The values of the message's placeholders, when it has any. */
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  /** `invalid_input` from a schema: each field refused and why. */
  fields: z.array(FieldProblem).optional(),
  /** The request's id, as in the server's log lines and the answer's X-Request-Id header. */
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
