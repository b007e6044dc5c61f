import { ErrorBody, errorMessage, type ErrorCode } from '@market/contract';
import { expect } from 'vitest';
import { z } from 'zod';

const exactErrorBody = z.strictObject(ErrorBody.shape);

/**
 * Asserts the one error shape: `{ success: false, message, massage, code, params?, fields? }` and nothing
 * else, `code` one of the contract's, `message` (and `massage`) the code's English with `params` in place.
 * With `code` (and `params`), also that it is this refusal.
 */
export function expectErrorBody(body: unknown, code?: ErrorCode, params?: Record<string, unknown>): ErrorBody {
  const parsed = exactErrorBody.safeParse(body);
  expect(parsed.error?.issues ?? [], `not the error shape: ${JSON.stringify(body).slice(0, 300)}`).toEqual([]);
  const b = parsed.data!;
  expect(b.massage).toBe(b.message);
  expect(b.message.length).toBeGreaterThan(0);
  expect(b.message).toBe(errorMessage(b.code, b.params));
  if (code !== undefined) expect(b.code, b.message).toBe(code);
  if (params !== undefined) expect(b.params).toEqual(params);
  return b;
}
