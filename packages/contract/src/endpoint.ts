import type { z } from 'zod';
import { ok, page, type Page } from './common.ts';
import type { Role } from './common.ts';
import type { ErrorStatus } from './error-answers.ts';
import type { ErrorCode, WaitCode } from './errors.ts';
import type { Method } from './method.ts';
import { routes, type RouteName } from './routes.ts';

export type { Method };

/**
 * Who may call a route (enforced by the API's access plugin on every request):
 * - anyone; signed-in; one of some roles (`verified`: the caller's e-mail must also be confirmed);
 * - self-or-admin: `:id` is the caller's own `_id` or e-mail, or the caller is an Admin;
 * - owner: the product or order (`:id`, or the body's `bodyKey`) is the caller's, who has one of `roles`; a
 *   booking (an order seen from the other side) is the caller's when the booked phone is; a review is its
 *   writer's, and a 'review-of-me' the reviewed seller's;
 *   a conversation is either of its two people's, a message its conversation's (issue 33);
 * - owner-or-admin: the product's seller or the order's buyer, or an Admin.
 */
export type Rule =
  | { who: 'anyone' }
  | { who: 'signed-in'; verified?: true }
  | { who: 'role'; roles: readonly Role[]; verified?: true }
  | { who: 'self-or-admin' }
  | {
      who: 'owner';
      of: 'product' | 'order' | 'booking' | 'review' | 'review-of-me' | 'conversation' | 'message' | 'saved-search';
      roles: readonly Role[];
      bodyKey?: string;
      verified?: true;
    }
  | { who: 'owner-or-admin'; of: 'product' | 'order' };

export const anyone = { who: 'anyone' } as const satisfies Rule;
export const signedIn = { who: 'signed-in' } as const satisfies Rule;
export const selfOrAdmin = { who: 'self-or-admin' } as const satisfies Rule;
export const role = (...roles: Role[]) => ({ who: 'role', roles }) as const satisfies Rule;
/** What reaches other people (posting, booking, reporting) waits for a confirmed address (decision 013). */
export const verified = <R extends { who: 'signed-in' } | { who: 'role'; roles: readonly Role[] }>(rule: R) =>
  ({ ...rule, verified: true }) as const satisfies Rule;

/** The abuse limits an operator configures (LIMIT_* variables); a route names the ones it counts against. */
export type LimitName =
  | 'loginPerIp'
  | 'loginFailuresPerEmail'
  | 'signUpPerIp'
  | 'signUpPerEmail'
  | 'resetPerIp'
  | 'resetPerEmail'
  | 'verifyMailPerUser'
  | 'uploadsPerIp'
  | 'uploadsPerIpDay'
  | 'googlePerIp'
  | 'cardAttemptsPerIp'
  | 'cardAttemptsPerBuyer'
  | 'paymentIntentsPerBuyer'
  | 'listingWritesPerSeller'
  | 'bookingsPerBuyer'
  | 'payoutMethodPerUser'
  | 'smsCodesPerNumber'
  | 'numberCodesPerUser'
  | 'messagesPerUser'
  | 'firstMessagesPerNewAccount';

/**
 * One abuse limit of a route, counted after the body is valid (a bad body is a 400 and costs nothing):
 * per client address, per signed-in user (by id or by e-mail), per the body's e-mail, or per the buyer
 * whose order a payment intent pays for. `code` is the refusal's (a 429 that says how long to wait).
 */
export interface LimitUse {
  limit: LimitName;
  per: 'ip' | 'user' | 'user-email' | 'body-email' | 'body-wallet' | 'body-number' | 'intent-buyer' | 'new-account';
  /** The counter's name: routes that share a count share a kind. */
  kind: string;
  code: WaitCode;
}

/** What a successful call answers: `data` in the envelope, a `page` of items in the envelope, or a `raw` body. */
type Answer = { data: z.ZodType; page?: never; raw?: never } | { page: z.ZodType; data?: never; raw?: never } | { raw: z.ZodType; data?: never; page?: never };

export type SuccessStatus = 200 | 201 | 202 | 302;

/**
 * Every API call, described once: the API registers its route from this (schemas, access, cache,
 * limits, envelope) and the web app builds its typed calls from it.
 */
export type Endpoint = Answer & {
  method: Method;
  path: `/api/${string}`;
  summary: string;
  tag: string;
  access: Rule;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The body is multipart/form-data (a picture), described in the summary rather than a schema. */
  multipart?: true;
  /** The success statuses, the first being the usual one (default 200). */
  status?: readonly SuccessStatus[];
  /**
   * 'public': its 200 answers are the same for everyone and are cached; 'keeps': a write that changes no public
   * answer; 'writes': a GET that may change public answers (bKash's return, which can sell a phone), dropped as a write's.
   */
  cache?: 'public' | 'keeps' | 'writes';
  limits?: readonly LimitUse[];
  /**
   * The route's own refusals by status, beyond those its access rule, schemas and limits imply (those are derived:
   * error-answers.ts), for the API documentation.
   */
  errors?: Readonly<Partial<Record<ErrorStatus, readonly ErrorCode[]>>>;
  /** Answers besides the success and the JSON errors (the Google popup's pages), for the API documentation. */
  otherAnswers?: Readonly<Record<number, z.ZodType>>;
};

/** The descriptor of the route `name` (its method and path from routes.ts), keeping every literal type for the types derived from it. */
export const endpoint = <const N extends RouteName, const D extends Omit<Endpoint, 'method' | 'path'>>(name: N, d: D) =>
  ({ ...routes[name], ...d }) as (typeof routes)[N] & D;

/** The schema of the whole success body. */
export const answerSchema = (e: Endpoint): z.ZodType => (e.data ? ok(e.data) : e.page ? page(e.page) : e.raw!);

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;
export type ParamsOf<E> = E extends { params: infer S } ? Infer<S> : undefined;
export type QueryOf<E> = E extends { query: infer S extends z.ZodType } ? z.input<S> : undefined;
export type BodyOf<E> = E extends { body: infer S } ? Infer<S> : undefined;
/** What the caller gets: the envelope's `data`, a page, or the raw body. */
export type DataOf<E> = E extends { data: infer S extends z.ZodType }
  ? z.infer<S>
  : E extends { page: infer S extends z.ZodType }
    ? Page<z.infer<S>>
    : E extends { raw: infer S }
      ? Infer<S>
      : never;
/** What a page answers holds: one item. */
export type ItemOf<E> = E extends { page: infer S extends z.ZodType } ? z.infer<S> : never;
export type RouteKeyOf<E extends { method: string; path: string }> = `${E['method']} ${E['path']}`;
