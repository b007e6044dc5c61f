/**
 * The bKash Tokenized Checkout adapter (issue 17): the calls a merchant makes, as bKash documents them, against
 * a base URL that ends with the API version (the real one, or the local stand-in's). The id_token is granted
 * once, refreshed before it ends, and granted again if bKash refuses it.
 */

export interface BkashAccount {
  baseUrl: string;
  appKey: string;
  appSecret: string;
  username: string;
  password: string;
}

/** A refusal from bKash: its statusCode and statusMessage (shown to the buyer as bKash words them). */
export class BkashError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

/** A payment as bKash describes it after create, execute or a query. */
export interface BkashPayment {
  paymentID: string;
  amount: string;
  currency: string;
  transactionStatus: string;
  merchantInvoiceNumber?: string;
  merchantInvoice?: string;
  trxID?: string;
  bkashURL?: string;
}

/** A payout to a customer's wallet (B2C disbursement), as bKash describes it. */
export interface BkashPayout {
  trxID: string;
  transactionStatus: string;
  amount: string;
  receiverMSISDN: string;
  merchantInvoiceNumber: string;
  completedTime?: string;
}

export interface BkashRefund {
  refundTrxID: string;
  originalTrxID: string;
  amount: string;
  transactionStatus: string;
}

/** Taka as bKash writes amounts: '45000.00'. */
export const bkashAmount = (taka: number) => taka.toFixed(2);

const TIMEOUT_MS = 30_000;
/** Refresh this long before the token ends. */
const EARLY_MS = 5 * 60_000;

export function bkashClient(account: BkashAccount, fetchImpl: typeof fetch = fetch) {
  let token: { id: string; refresh: string; ends: number } | undefined;
  let pending: Promise<string> | undefined;

  async function post(path: string, body: unknown, headers: Record<string, string>): Promise<{ status: number; json: Record<string, unknown> }> {
    const res = await fetchImpl(`${account.baseUrl}/tokenized/checkout/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    return { status: res.status, json };
  }

  async function tokenCall(path: 'token/grant' | 'token/refresh', extra: Record<string, string> = {}) {
    const { status, json } = await post(
      path,
      { app_key: account.appKey, app_secret: account.appSecret, ...extra },
      { username: account.username, password: account.password },
    );
    if (status !== 200 || typeof json.id_token !== 'string')
      throw new BkashError(String(json.statusCode ?? status), String(json.statusMessage ?? json.message ?? 'bKash refused the merchant credentials'));
    token = { id: json.id_token, refresh: String(json.refresh_token ?? ''), ends: Date.now() + Number(json.expires_in ?? 3600) * 1000 };
    return token.id;
  }

  /** A valid id_token: the one held, refreshed near its end, or a new grant (one call at a time). */
  function idToken(): Promise<string> {
    if (token && token.ends - EARLY_MS > Date.now()) return Promise.resolve(token.id);
    pending ??= (
      token?.refresh ? tokenCall('token/refresh', { refresh_token: token.refresh }).catch(() => tokenCall('token/grant')) : tokenCall('token/grant')
    ).finally(() => {
      pending = undefined;
    });
    return pending;
  }

  async function call<T>(path: string, body: Record<string, unknown>): Promise<T> {
    let answer = await post(path, body, { authorization: await idToken(), 'x-app-key': account.appKey });
    if (answer.status === 401) {
      // The token was refused (ended early, or bKash restarted): grant a new one and ask once more.
      token = undefined;
      answer = await post(path, body, { authorization: await idToken(), 'x-app-key': account.appKey });
    }
    const { status, json } = answer;
    const code = json.statusCode ?? json.errorCode;
    if (status !== 200 || (code !== undefined && code !== '0000')) {
      throw new BkashError(String(code ?? status), String(json.statusMessage ?? json.errorMessage ?? json.message ?? `bKash answered ${status}`));
    }
    return json as T;
  }

  return {
    createPayment: (input: { amount: number; invoice: string; payerReference: string; callbackURL: string }) =>
      call<BkashPayment & { bkashURL: string }>('create', {
        mode: '0011',
        payerReference: input.payerReference,
        callbackURL: input.callbackURL,
        amount: bkashAmount(input.amount),
        currency: 'BDT',
        intent: 'sale',
        merchantInvoiceNumber: input.invoice,
      }),
    executePayment: (paymentID: string) => call<BkashPayment>('execute', { paymentID }),
    queryPayment: (paymentID: string) => call<BkashPayment>('payment/status', { paymentID }),
    refund: (input: { paymentID: string; trxID: string; amount: number; reason: string }) =>
      call<BkashRefund>('payment/refund', {
        paymentID: input.paymentID,
        trxID: input.trxID,
        amount: bkashAmount(input.amount),
        sku: 'phone',
        reason: input.reason.slice(0, 255),
      }),
    refundStatus: (input: { paymentID: string; trxID: string }) => call<BkashRefund>('payment/refund', input),
    /** Pays `amount` taka to a wallet (issue 32), once per merchant invoice number: bKash refuses the same one twice. */
    payout: (input: { amount: number; invoice: string; receiver: string }) =>
      call<BkashPayout>('b2cPayment', {
        amount: bkashAmount(input.amount),
        currency: 'BDT',
        merchantInvoiceNumber: input.invoice,
        receiverMSISDN: input.receiver,
      }),
    /** What became of the payout under this merchant invoice number (a BkashError 2002 when bKash never had it). */
    queryPayout: (invoice: string) => call<BkashPayout>('b2cPayment/query', { merchantInvoiceNumber: invoice }),
  };
}

export type BkashClient = ReturnType<typeof bkashClient>;
