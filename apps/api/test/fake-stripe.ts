import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake received, as the Stripe SDK sent it. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** A payment_intent in Stripe's wire format (the fields the adapter and tests look at, and a few more). */
export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  client_secret: string;
  status: 'requires_payment_method' | 'succeeded';
  metadata: Record<string, string>;
  allowed_payment_method_types: string[] | null;
  payment_method_types: string[];
  capture_method: 'automatic_async';
  confirmation_method: 'automatic';
  created: number;
  livemode: false;
}

/** A refund in Stripe's wire format. */
export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'pending' | 'succeeded' | 'failed';
  created: number;
}

export interface FakeStripe {
  /** `http://127.0.0.1:<port>`, for `config.payments.apiUrl`. */
  url: string;
  requests: RecordedRequest[];
  intents: Map<string, FakeIntent>;
  refunds: Map<string, FakeRefund>;
  /** Test-only: the status the next refunds get ('pending', as Stripe answers some, until `settleRefunds`). */
  refundStatus: FakeRefund['status'];
  /** Test-only: every pending refund succeeds, as Stripe's would later. */
  settleRefunds(): void;
  /** Test-only: what a card confirmation in Stripe.js would do. */
  succeed(id: string): FakeIntent;
  /** Test-only: an intent created behind the app's back (any amount, any order). */
  addIntent(input: { amount: number; orderId?: string; currency?: string; status?: FakeIntent['status'] }): FakeIntent;
  close(): Promise<void>;
}

const token = (n: number) => randomBytes(n).toString('base64url').replace(/[-_]/g, 'x');

/**
 * Stripe's form encoding as the SDK writes it: `a=1`, `metadata[k]=v`, `list[0]=x` (or `list[]=x`).
 * Deeper nesting is not used by the adapter and is kept under its raw key.
 */
export function parseStripeForm(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const m = /^([^[\]]+)\[([^[\]]*)\]$/.exec(key);
    if (!m) {
      out[key] = value;
      continue;
    }
    const [, name, sub] = m as unknown as [string, string, string];
    if (sub === '' || /^\d+$/.test(sub)) {
      const list = (out[name] ??= []) as string[];
      if (sub === '') list.push(value);
      else list[Number(sub)] = value;
    } else {
      ((out[name] ??= {}) as Record<string, string>)[sub] = value;
    }
  }
  return out;
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${token(14)}`, 'stripe-version': '2026-10-28.endive' });
  res.end(JSON.stringify(body));
}

const invalid = (res: ServerResponse, status: number, error: Record<string, string>) =>
  send(res, status, { error: { type: 'invalid_request_error', ...error } });

/** A local stand-in for api.stripe.com that answers the calls our Stripe adapter makes, on loopback only. */
export async function startFakeStripe({ secretKey = 'sk_test_x' } = {}): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const intents = new Map<string, FakeIntent>();
  const byIdempotencyKey = new Map<string, FakeIntent>();
  const refunds = new Map<string, FakeRefund>();
  const refundByKey = new Map<string, FakeRefund>();
  const state = { refundStatus: 'succeeded' as FakeRefund['status'] };

  const addIntent: FakeStripe['addIntent'] = ({ amount, orderId, currency = 'bdt', status = 'requires_payment_method' }) => {
    const id = `pi_${token(18)}`;
    const intent: FakeIntent = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: status === 'succeeded' ? amount : 0,
      currency,
      client_secret: `${id}_secret_${token(18)}`,
      status,
      metadata: orderId ? { orderId } : {},
      allowed_payment_method_types: null,
      payment_method_types: ['card'],
      capture_method: 'automatic_async',
      confirmation_method: 'automatic',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
    intents.set(id, intent);
    return intent;
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const text = Buffer.concat(chunks).toString('utf8');
      const body = req.method === 'GET' ? parseStripeForm(url.search.slice(1)) : parseStripeForm(text);
      requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, body });

      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        return invalid(res, 401, { message: `Invalid API Key provided: ${String(req.headers.authorization ?? '').replace(/^Bearer /, '')}` });
      }
      if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
        const key = req.headers['idempotency-key'];
        const replay = typeof key === 'string' ? byIdempotencyKey.get(key) : undefined;
        if (replay) return send(res, 200, replay);
        if (body.amount === undefined) return invalid(res, 400, { code: 'parameter_missing', param: 'amount', message: 'Missing required param: amount.' });
        const amount = Number(body.amount);
        if (!Number.isInteger(amount))
          return invalid(res, 400, { code: 'parameter_invalid_integer', param: 'amount', message: 'Invalid integer: ' + String(body.amount) });
        if (typeof body.currency !== 'string')
          return invalid(res, 400, { code: 'parameter_missing', param: 'currency', message: 'Missing required param: currency.' });
        const intent = addIntent({ amount, currency: body.currency });
        intent.metadata = (body.metadata as Record<string, string> | undefined) ?? {};
        intent.allowed_payment_method_types = (body.allowed_payment_method_types as string[] | undefined) ?? null;
        if (typeof key === 'string') byIdempotencyKey.set(key, intent);
        return send(res, 200, intent);
      }
      const one = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && one) {
        const id = decodeURIComponent(one[1]!);
        const intent = intents.get(id);
        if (!intent) return invalid(res, 404, { code: 'resource_missing', param: 'intent', message: `No such payment_intent: '${id}'` });
        return send(res, 200, intent);
      }
      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        // As Stripe: the same idempotency key replays the first answer; a payment is refunded at most in full.
        const key = req.headers['idempotency-key'];
        const replay = typeof key === 'string' ? refundByKey.get(key) : undefined;
        if (replay) return send(res, 200, replay);
        const intent = intents.get(String(body.payment_intent ?? ''));
        if (!intent)
          return invalid(res, 404, { code: 'resource_missing', param: 'payment_intent', message: `No such payment_intent: '${String(body.payment_intent)}'` });
        if (intent.status !== 'succeeded') return invalid(res, 400, { code: 'charge_not_succeeded', message: 'This PaymentIntent has not succeeded.' });
        const amount = body.amount === undefined ? intent.amount : Number(body.amount);
        const refunded = [...refunds.values()].filter((r) => r.payment_intent === intent.id && r.status !== 'failed').reduce((n, r) => n + r.amount, 0);
        if (amount + refunded > intent.amount)
          return invalid(res, 400, { code: 'charge_already_refunded', message: `Charge for ${intent.id} has already been refunded.` });
        const refund: FakeRefund = {
          id: `re_${token(18)}`,
          object: 'refund',
          amount,
          currency: intent.currency,
          payment_intent: intent.id,
          status: state.refundStatus,
          created: Math.floor(Date.now() / 1000),
        };
        refunds.set(refund.id, refund);
        if (typeof key === 'string') refundByKey.set(key, { ...refund });
        return send(res, 200, refund);
      }
      const refund = /^\/v1\/refunds\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && refund) {
        const found = refunds.get(decodeURIComponent(refund[1]!));
        if (!found) return invalid(res, 404, { code: 'resource_missing', param: 'id', message: `No such refund: '${refund[1]}'` });
        return send(res, 200, found);
      }
      return invalid(res, 404, { message: `Unrecognized request URL (${req.method}: ${url.pathname}).` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    intents,
    refunds,
    get refundStatus() {
      return state.refundStatus;
    },
    set refundStatus(status) {
      state.refundStatus = status;
    },
    settleRefunds() {
      for (const r of refunds.values()) if (r.status === 'pending') r.status = 'succeeded';
    },
    addIntent,
    succeed(id) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`fake Stripe has no intent ${id}`);
      Object.assign(intent, { status: 'succeeded', amount_received: intent.amount });
      return intent;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
