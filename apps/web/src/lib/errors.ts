import { i18n } from '@lingui/core';
import { translate, type Key, type Values } from './i18n.ts';

interface ErrorData {
  code?: unknown;
  params?: unknown;
  fields?: unknown;
  massage?: unknown;
  message?: unknown;
}

const isValues = (v: unknown): v is Values =>
  typeof v === 'object' && v !== null && Object.values(v).every((x) => typeof x === 'string' || typeof x === 'number');
const known = (code: unknown): code is Key<'errors'> => typeof code === 'string' && Object.hasOwn(i18n.messages, code);

interface FieldProblem {
  field: string;
  problem: string;
}
const isFields = (v: unknown): v is FieldProblem[] =>
  Array.isArray(v) && v.every((f) => typeof (f as FieldProblem)?.field === 'string' && typeof (f as FieldProblem)?.problem === 'string');

/**
 * Says one field's problem from a schema's refusal (`fields` of `invalid_input`: the server's English words)
 * in the page's language. lib/field-rules.ts sets it when a form first loads it, so the contract's rules and
 * the forms catalog stay out of the first screen's code; until then the server's own words are said.
 */
let sayField: ((field: string, problem: string) => string) | undefined;
export const setFieldSayer = (say: typeof sayField) => {
  sayField = say;
};

/**
 * What a refusal says, in the page's language: the text of its `code` (the 'errors' catalog, with its
 * `params`; decision 031) when this app knows the code, else the server's English message (`massage` is
 * the spec's spelling), else the fallback. A refund's reason (`reasonCode`) is said in the language too, and
 * so are the fields a schema refused (`setFieldSayer`).
 */
export function errorMessage(error: unknown, fallback: string): string {
  const data = (error as { data?: ErrorData } | undefined)?.data;
  if (data && known(data.code)) {
    const params = isValues(data.params) ? { ...data.params } : {};
    if (known(params.reasonCode)) params.reason = translate(params.reasonCode);
    if (data.code === 'invalid_input' && sayField && isFields(data.fields)) params.problems = data.fields.map((f) => sayField!(f.field, f.problem)).join('; ');
    return translate(data.code, params);
  }
  const message = data?.massage ?? data?.message;
  return typeof message === 'string' && message ? message : fallback;
}
