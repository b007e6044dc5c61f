import { answerSchema, bdMobile, type BodyOf, type Endpoint, type LimitUse, type ParamsOf } from '@market/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { unauthorized } from './errors.ts';
import type { AuthUser } from './plugins/auth.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The descriptor the route was registered from (packages/contract endpoints): its access rule is enforced by plugins/access.ts. */
    endpoint?: Endpoint;
  }
}

/**
 * Who calls a route, as its access rule says: a signed-in user wherever the rule asks for one (the access plugin
 * has refused anybody else before the handler runs), and maybe nobody (null) only where anyone may call. A rule
 * not known to the type (the wide `Rule`) counts as 'anyone', so a handler never assumes a user it may lack.
 */
export type CallerOf<E extends Endpoint> = { who: 'anyone' } extends E['access'] ? AuthUser | null : AuthUser;

/** What a handler is given: the validated input, its caller (typed by the access rule), and the request itself for the rest. */
export interface RouteInput<E extends Endpoint> {
  params: ParamsOf<E>;
  query: E['query'] extends z.ZodType ? z.output<E['query']> : undefined;
  body: BodyOf<E>;
  user: CallerOf<E>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** What a handler returns: the envelope's data, a page's items and cursor, or the raw body; or the reply it sent itself. */
export type RouteResult<E extends Endpoint> =
  | (E['data'] extends z.ZodType
      ? z.input<E['data']>
      : E['page'] extends z.ZodType
        ? { items: z.input<E['page']>[]; nextCursor: string | null }
        : E['raw'] extends z.ZodType
          ? z.input<E['raw']>
          : never)
  | FastifyReply;

export interface RouteOptions {
  /** For a limit counted `per: 'intent-buyer'` (or any subject the route itself knows): whom to count, if anyone. */
  limitSubject?: (request: FastifyRequest) => Promise<string | undefined>;
}

/** Who a limit counts against, for this request; undefined: nobody to count (the route refuses on its own). */
async function subjectOf(app: FastifyInstance, use: LimitUse, request: FastifyRequest, options: RouteOptions): Promise<string | undefined> {
  switch (use.per) {
    case 'ip':
      return request.ip;
    case 'user':
      return request.user?.id;
    case 'user-email':
      return request.user?.email;
    case 'body-email':
      return (request.body as { email?: string } | undefined)?.email;
    case 'body-wallet':
      // Counted per number however it is written (+880…, dashes); a body with none is not counted here.
      return bdMobile(String((request.body as { wallet?: unknown } | undefined)?.wallet ?? '')) ?? undefined;
    case 'body-number':
      // The number a seller asks to confirm (issue 36), counted the same way.
      return bdMobile(String((request.body as { number?: unknown } | undefined)?.number ?? '')) ?? undefined;
    case 'intent-buyer':
      return options.limitSubject?.(request);
    case 'new-account':
      // Only an account younger than CHAT_NEW_ACCOUNT_DAYS is counted (issue 33: a few first messages an hour).
      return request.user && Date.now() - request.user.createdAt.getTime() < app.newAccountDays * 86_400_000 ? request.user.id : undefined;
  }
}

/**
 * Registers the route an endpoint describes: its schemas (validation, serialisation, OpenAPI), the
 * success envelope, its place in the public cache, and its abuse limits (after the body is valid:
 * a bad body is a 400 and counts for nothing). Access is enforced from the same descriptor by the
 * access plugin, which refuses to start on an /api route registered any other way.
 */
export function route<E extends Endpoint>(app: FastifyInstance, e: E, handler: (input: RouteInput<E>) => Promise<RouteResult<E>>, options: RouteOptions = {}) {
  const [status = 200, ...otherStatuses] = e.status ?? [200];
  const response: Record<number, z.ZodType> = { ...e.otherAnswers };
  for (const code of [status, ...otherStatuses]) response[code] = answerSchema(e);
  const limits = e.limits ?? [];
  app.route({
    method: e.method,
    url: e.path,
    schema: {
      tags: [e.tag],
      summary: e.summary,
      ...(e.params ? { params: e.params } : {}),
      ...(e.query ? { querystring: e.query } : {}),
      ...(e.body ? { body: e.body } : {}),
      ...(e.multipart ? { consumes: ['multipart/form-data'] } : {}),
      response,
    },
    config: { endpoint: e },
    ...(limits.length
      ? {
          preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
            for (const use of limits) {
              const subject = await subjectOf(app, use, request, options);
              if (subject) await app.limiter.take(reply, use.kind, subject, app.abuseLimits[use.limit], use.code);
            }
          },
        }
      : {}),
    handler: async (request, reply) => {
      // The access plugin refused a missing user already (with the auth plugin's reason); this keeps CallerOf true even without it.
      if (!request.user && e.access.who !== 'anyone') throw unauthorized(request.authProblem ?? 'not_logged_in');
      void reply.code(status);
      const out = await handler({ params: request.params, query: request.query, body: request.body, user: request.user, request, reply } as RouteInput<E>);
      if (out === reply) return reply;
      if (e.data) return { success: true, data: out };
      if (e.page) {
        const { items, nextCursor } = out as { items: unknown[]; nextCursor: string | null };
        return { success: true, data: items, meta: { nextCursor } };
      }
      return out;
    },
  });
}
