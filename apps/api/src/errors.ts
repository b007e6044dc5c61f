import { errorMessage, type ErrorBody, type ErrorCode, type ErrorParamsArg, type FieldProblem, type NotFoundWhat } from '@market/contract';

type Params = Readonly<Record<string, string | number>>;

/**
 * A failure the client caused or may act on: its HTTP status, its code from the contract's list
 * (packages/contract/src/errors.ts) and the values of that code's message, which is rendered from them.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly params: Params | undefined;
  constructor(status: number, code: ErrorCode, params?: Params) {
    super(errorMessage(code, params));
    this.status = status;
    this.code = code;
    this.params = params;
  }
}

/** A refusal with any status; the helpers below name the usual ones. */
export const appError = <C extends ErrorCode>(status: number, code: C, ...params: ErrorParamsArg<C>) => new AppError(status, code, params[0]);
export const badRequest = <C extends ErrorCode>(code: C, ...params: ErrorParamsArg<C>) => appError(400, code, ...params);
export const unauthorized = <C extends ErrorCode>(code: C, ...params: ErrorParamsArg<C>) => appError(401, code, ...params);
export const forbidden = <C extends ErrorCode>(code: C, ...params: ErrorParamsArg<C>) => appError(403, code, ...params);
export const notFound = (what: NotFoundWhat) => appError(404, 'not_found', { what });
export const conflict = <C extends ErrorCode>(code: C, ...params: ErrorParamsArg<C>) => appError(409, code, ...params);
/** A 409 of the deal's table (packages/contract/src/deal.ts `refused`): whatever its code, it carries the deal's state. */
export const wrongState = (code: ErrorCode, state: string) => new AppError(409, code, { state });

/** The body of every refusal: `{ success: false, message, massage, code, params? }` (fields: a schema's refusal). */
export function errorBody(code: ErrorCode, params?: Params, fields?: FieldProblem[]): ErrorBody {
  const message = errorMessage(code, params);
  return { success: false, message, massage: message, code, ...(params ? { params: { ...params } } : {}), ...(fields ? { fields } : {}) };
}

/** PostgreSQL's unique_violation, from pg or PGlite. */
export const isUniqueViolation = (err: unknown, constraint?: string): boolean => {
  const e = (err as { cause?: unknown })?.cause ?? err;
  const code = (e as { code?: string })?.code;
  const name = (e as { constraint?: string })?.constraint;
  return code === '23505' && (!constraint || name === constraint);
};

/** PostgreSQL's deadlock_detected: it aborted this statement to let another go on. */
export const isDeadlock = (err: unknown): boolean => {
  const e = (err as { cause?: unknown })?.cause ?? err;
  return (e as { code?: string })?.code === '40P01';
};
