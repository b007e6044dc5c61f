import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { bkashAccount } from '../modules/bkash/account.ts';
import { bkashCheckout, bkashRefunder } from '../modules/bkash/checkout.ts';
import { bkashClient, type BkashClient } from '../modules/bkash/client.ts';
import { sandboxMerchant } from '../modules/bkash/sandbox-accounts.ts';
import bkashSandbox from '../modules/bkash/sandbox.ts';
import type { Refunder } from '../modules/payments/provider.ts';
import { ownOrigin, publicOrigin } from '../public-origin.ts';

export interface Bkash {
  /** Starts a payment, settles bKash's return and checks a payment again (the bkash-check job). */
  checkout: ReturnType<typeof bkashCheckout>;
  /** Gives a bKash payment back (the refund job). */
  refunder: Refunder;
  /** Pays sellers out to their wallets, and asks what became of a payout (the payout job, issue 32). */
  payouts: Pick<BkashClient, 'payout' | 'queryPayout'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** bKash Tokenized Checkout (decision 028): with bKash's keys, or its local stand-in; undefined when bKash is off. */
    bkash: Bkash | undefined;
  }
}

/**
 * bKash, as the routes and the jobs use it, and its local stand-in under /bkash-sandbox (demos and tests only;
 * never with bKash keys). Register after the database is decorated.
 */
export default fp(
  async function bkash(app: FastifyInstance, opts: { config: Config }) {
    const { config } = opts;
    // The stand-in is called at the address we listen on; its pages (bkashURL) are at the public one.
    const account = bkashAccount(config, () => ownOrigin(app.server, config));
    const client = account && bkashClient(account);
    app.decorate('bkash', client ? { checkout: bkashCheckout(app.db, client), refunder: bkashRefunder(app.db, client), payouts: client } : undefined);
    if (config.bkash.provider === 'sandbox') {
      const origin = () => publicOrigin(app.server, config);
      await app.register(bkashSandbox, { merchant: sandboxMerchant(config.jwtSecret), secret: config.jwtSecret, origin, shop: origin });
    }
  },
  { name: 'bkash', decorators: { fastify: ['db'] } },
);
