import type { SwaggerTransform } from '@fastify/swagger';
import { errorAnswers, type Endpoint } from '@market/contract';

/**
 * Adds every operation's refusals to its OpenAPI answers (issue 29): each status the endpoint can refuse with
 * (error-answers.ts: its access rule, schemas, limits and own `errors`) answers the ErrorBody component with
 * `code` narrowed to the codes it gives there. Documentation only: the answers are still serialised as any
 * error is, so a code missing here can never turn a refusal into a 500.
 */
export function withErrorAnswers(transform: SwaggerTransform): SwaggerTransform {
  return (doc) => {
    const out = transform(doc);
    const endpoint = (doc.route?.config as { endpoint?: Endpoint } | undefined)?.endpoint;
    const schema = out.schema as { hide?: boolean; response?: Record<string, unknown> } | undefined;
    if (!endpoint || !schema || schema.hide) return out;
    const response = (schema.response ??= {});
    for (const [status, codes] of Object.entries(errorAnswers(endpoint))) {
      // An answer the descriptor documents itself (the Google popup's pages) stays as it is.
      if (response[status]) continue;
      response[status] = {
        description: `Refused: ${codes.join(', ')}`,
        allOf: [{ $ref: '#/components/schemas/ErrorBody' }, { type: 'object', properties: { code: { type: 'string', enum: codes } } }],
      };
    }
    return out;
  };
}
