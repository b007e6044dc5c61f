import { i18n } from '@lingui/core';
import { translate, type Key, type Values } from './i18n.ts';

interface ErrorData {
  code?: unknown;
  params?: unknown;
  massage?: unknown;
  message?: unknown;
}

const isValues = (v: unknown): v is Values =>
  typeof v === 'object' && v !== null && Object.values(v).every((x) => typeof x === 'string' || typeof x === 'number');
const known = (code: unknown): code is Key<'errors'> => typeof code === 'string' && Object.hasOwn(i18n.messages, code);

/**
 * What a refusal says, in the page's language: the text of its `code` (the 'errors' catalog, with its
 * `params`; decision 031) when this app knows the code, else the server's English message (`massage` is
 * the spec's spelling), else the fallback. A refund's reason (`reasonCode`) is said in the language too.
 */
export function errorMessage(error: unknown, fallback: string): string {
  const data = (error as { data?: ErrorData } | undefined)?.data;
  if (data && known(data.code)) {
    const params = isValues(data.params) ? { ...data.params } : {};
    if (known(params.reasonCode)) params.reason = translate(params.reasonCode);
    return translate(data.code, params);
  }
  const message = data?.massage ?? data?.message;
  return typeof message === 'string' && message ? message : fallback;
}
