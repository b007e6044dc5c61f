import { pathOf } from '../../lib/endpoint.ts';
import { translate } from '../../lib/i18n.ts';

export interface SandboxCard {
  number: string;
  expiry: string;
  cvc: string;
}

const digits = (text: string, max: number) => text.replace(/\D/g, '').slice(0, max);

/** As the card is typed: digits in groups of four ('4242 4242 4242 4242'), at most 19. */
export const formatCardNumber = (text: string) => digits(text, 19).replace(/(\d{4})(?=\d)/g, '$1 ');

/** As the expiry is typed: 'MM / YY', the slash added after the month ('1229' → '12 / 29'). */
export const formatExpiry = (text: string) => {
  const d = digits(text, 4);
  return d.length > 2 ? `${d.slice(0, 2)} / ${d.slice(2)}` : d;
};

/** Three or four digits. */
export const formatCvc = (text: string) => digits(text, 4);

/** The sandbox processor's confirm call, as Stripe.js makes its own to Stripe. */
export async function confirmWithSandbox(clientSecret: string, card: SandboxCard): Promise<{ ok: true; intentId: string } | { ok: false; message: string }> {
  const intentId = clientSecret.split('_secret_')[0] ?? '';
  const [month = '', year = ''] = card.expiry.split('/').map((p) => p.trim());
  const res = await fetch(pathOf('sandboxConfirm', { id: intentId }), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_secret: clientSecret,
      card: { number: card.number, exp_month: Number(month) || 0, exp_year: Number(year) || 0, cvc: card.cvc },
    }),
  }).catch(() => null);
  if (!res) return { ok: false, message: translate('payment.unreachable') };
  const body = (await res.json().catch(() => ({}))) as { id?: string; status?: string; error?: { message?: string }; message?: string };
  if (res.ok && body.status === 'succeeded' && body.id) return { ok: true, intentId: body.id };
  return { ok: false, message: body.error?.message ?? body.message ?? translate('payment.notCharged') };
}
