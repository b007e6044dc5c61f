/** A payment intent as our server sees it, whichever provider holds it. Amounts are in poisha (1/100 taka). */
export interface Intent {
  id: string;
  clientSecret: string;
  status: string;
  amount: number;
  currency: string;
  orderId: string | undefined;
}

/** A refund as the provider answers it: its id, and whether the money is back, on its way, or refused. */
export interface RefundAnswer {
  id: string;
  status: 'succeeded' | 'pending' | 'failed';
}

/** What gives a payment back: every card provider, and bKash. */
export interface Refunder {
  readonly name: string;
  /** Gives a succeeded payment back in full; `key` makes a repeated call the same refund (our refund's id). */
  refund(input: { paymentId: string; amount: number; key: string }): Promise<RefundAnswer>;
  /** A refund asked for before (`id`, of the payment `paymentId`), as the provider knows it now. */
  retrieveRefund(input: { id: string; paymentId: string }): Promise<RefundAnswer>;
}

export interface PaymentProvider extends Refunder {
  readonly name: 'sandbox' | 'stripe';
  /** What the browser needs to load the provider's card input (Stripe's publishable key). */
  readonly publishableKey: string | undefined;
  createIntent(input: { amount: number; orderId: string }): Promise<Intent>;
  /** The intent as the provider knows it, or null when it has no such intent. */
  retrieveIntent(id: string): Promise<Intent | null>;
}

export const CURRENCY = 'bdt';
/** Taka to the smallest unit, as card processors count. */
export const toPoisha = (taka: number) => taka * 100;
