import { createHmac } from 'node:crypto';

/**
 * The bKash stand-in's one merchant account: what BKASH_* would hold for a real one (decision 028). Never a
 * constant in code, since whoever holds it can refund a payment behind the shop's back (decision 042): it is
 * derived from the JWT secret — generated once and kept in DATA_DIR (mode 0600) unless JWT_SECRET is set — so it
 * is this installation's own, and every instance that shares the secret (as docs/deploy.md asks) shares it.
 */
export interface SandboxMerchant {
  username: string;
  password: string;
  appKey: string;
  appSecret: string;
}

export function sandboxMerchant(secret: string): SandboxMerchant {
  const derive = (field: keyof SandboxMerchant) => createHmac('sha256', secret).update(`bkash-sandbox-merchant:${field}`).digest('base64url');
  return { username: `merchant-${derive('username').slice(0, 16)}`, password: derive('password'), appKey: derive('appKey'), appSecret: derive('appSecret') };
}

/** Its test wallets (any other number is not a bKash account), the OTP and the PIN they take: these stay public. */
export const sandboxWallets = { success: '01770618575', insufficientBalance: '01823074817', otp: '123456', pin: '12121' };
/** The API version in its base URL, as bKash's. */
export const SANDBOX_VERSION = 'v1.2.0-beta';
/** A payment nobody authorised within this long expires: its page closes, it cannot be executed, a query says 'Expired'. */
export const SANDBOX_PAYMENT_MINUTES = 15;
