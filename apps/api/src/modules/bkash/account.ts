import type { Config } from '../../config.ts';
import type { BkashAccount } from './client.ts';
import { SANDBOX_VERSION, sandboxMerchant } from './sandbox-accounts.ts';

/** The merchant account the adapter uses: the configured one, the local stand-in's (at the address this server listens on), or none. */
export function bkashAccount(config: Config, origin: () => string): BkashAccount | undefined {
  if (config.bkash.provider === 'bkash') return config.bkash;
  if (config.bkash.provider === 'off') return undefined;
  return {
    ...sandboxMerchant(config.jwtSecret),
    // Read at each call: the address is known once the server listens.
    get baseUrl() {
      return `${origin()}/bkash-sandbox/${SANDBOX_VERSION}`;
    },
  };
}
