/** The bKash stand-in's one merchant account: what BKASH_* would hold for a real one (README, decision 027). */
export const sandboxMerchant = { username: 'sandbox-merchant', password: 'sandbox-password', appKey: 'sandbox-app-key', appSecret: 'sandbox-app-secret' };
/** Its test wallets (any other number is not a bKash account), the OTP and the PIN they take. */
export const sandboxWallets = { success: '01770618575', insufficientBalance: '01823074817', otp: '123456', pin: '12121' };
/** The API version in its base URL, as bKash's. */
export const SANDBOX_VERSION = 'v1.2.0-beta';
/** A payment nobody authorised within this long expires: its page closes, it cannot be executed, a query says 'Expired'. */
export const SANDBOX_PAYMENT_MINUTES = 15;
