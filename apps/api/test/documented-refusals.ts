import { errorAnswers, type Endpoint } from '@market/contract';
import type { FastifyInstance } from 'fastify';

/**
 * Every refusal an API test meets is checked against the OpenAPI document's list (error-answers.ts, issue 29):
 * the app records each JSON refusal whose code its route does not document for that status, and the helper
 * fails the test that met it, naming route, status and code. So a route's new refusal cannot go undocumented.
 */
export function checkDocumentedRefusals(app: FastifyInstance): { undocumented: string[] } {
  const found = { undocumented: [] as string[] };
  app.addHook('onSend', async (request, reply, payload) => {
    // An answer nobody receives (the connection was cut, as the request timeout does) is not a refusal a client meets.
    if (request.raw.destroyed) return payload;
    const status = reply.statusCode;
    const endpoint = request.routeOptions.config.endpoint as Endpoint | undefined;
    if (status < 400 || !endpoint || typeof payload !== 'string' || !/^application\/json/.test(String(reply.getHeader('content-type')))) return payload;
    const body = JSON.parse(payload) as { success?: unknown; code?: unknown };
    // Not an ErrorBody: an answer the descriptor documents itself (the card sandbox's Stripe-shaped errors).
    if (body.success !== false) return payload;
    const code = body.code;
    const documented = errorAnswers(endpoint)[status as keyof ReturnType<typeof errorAnswers>] ?? [];
    if (!documented.includes(code as never))
      found.undocumented.push(`${endpoint.method} ${endpoint.path} answered ${status} ${String(code)}, not in its documented refusals`);
    return payload;
  });
  return found;
}
