import type { bkashSandboxPayments } from '../../db/schema.ts';
import { escapeHtml as escape } from '../../html.ts';
import { sandboxWallets } from './sandbox-accounts.ts';

type Payment = typeof bkashSandboxPayments.$inferSelect;

const style = `body{font-family:system-ui,sans-serif;background:#fdf2f8;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center;color:#111827}
main{background:#fff;border-radius:12px;box-shadow:0 4px 20px #0002;width:min(100% - 32px,380px);overflow:hidden}
header{background:#e2136e;color:#fff;padding:16px 20px}header h1{font-size:1.25rem;margin:0}header p{margin:4px 0 0;font-size:.9rem;color:#fff}
form{padding:16px 20px 20px}p{margin:0 0 12px;color:#4b5563;font-size:.9rem}
label{display:block;font-size:.9rem;margin:12px 0 4px;font-weight:600}input{box-sizing:border-box;width:100%;padding:10px;border:1px solid #9ca3af;border-radius:6px;font-size:1rem}
.row{display:flex;gap:8px;margin-top:20px}button{flex:1;padding:12px;border-radius:6px;border:1px solid #e2136e;font-size:1rem;cursor:pointer;min-height:44px}
.go{background:#e2136e;color:#fff}.stop{background:#fff;color:#b0105a}.error{color:#b91c1c;font-weight:600;margin:12px 0 0}
small{display:block;margin-top:16px;color:#6b7280;font-size:.8rem}`;

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)}</title><style>${style}</style></head><body><main>${body}</main></body></html>`;

/** The stand-in's wallet page: what bKash shows the buyer between the merchant's create and its callback. */
export const walletPage = {
  form(payment: Payment, state: { wallet?: string; error?: string } = {}) {
    return page(
      'Pay with bKash (local test wallet)',
      `<header><h1>bKash payment</h1><p>${escape(payment.amount)} BDT to Resale Phones · invoice ${escape(payment.merchantInvoiceNumber)}</p></header>
<form method="post" action="/bkash-sandbox/checkout"><input type="hidden" name="paymentID" value="${escape(payment.paymentId)}">
<p>This stands in for bKash on this computer: no money moves. Test wallets: ${sandboxWallets.success} (pays), ${sandboxWallets.insufficientBalance} (insufficient balance); OTP ${sandboxWallets.otp}, PIN ${sandboxWallets.pin}.</p>
<label for="wallet">Your bKash account number</label><input id="wallet" name="wallet" inputmode="numeric" autocomplete="tel-national" maxlength="14" value="${escape(state.wallet ?? '')}" placeholder="01XXXXXXXXX">
<label for="otp">Verification code (OTP)</label><input id="otp" name="otp" inputmode="numeric" autocomplete="one-time-code" maxlength="6">
<label for="pin">PIN</label><input id="pin" name="pin" type="password" inputmode="numeric" maxlength="5">
${state.error ? `<p class="error" role="alert">${escape(state.error)}</p>` : ''}
<div class="row"><button class="stop" type="submit" name="action" value="cancel">Cancel</button><button class="go" type="submit" name="action" value="confirm">Confirm</button></div>
<small>Payment ID ${escape(payment.paymentId)}</small></form>`,
    );
  },
  closed() {
    return page(
      'bKash payment',
      `<header><h1>bKash payment</h1></header><form><p role="alert">This payment is not open any more: go back to the shop and start again.</p></form>`,
    );
  },
};
