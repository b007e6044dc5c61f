import { translate } from '../../lib/i18n.ts';

/** Just the part of Stripe.js the payment page uses. */
interface StripeJs {
  elements(): { create(type: 'card'): StripeCardElement };
  confirmCardPayment(
    clientSecret: string,
    data: { payment_method: { card: StripeCardElement } },
  ): Promise<{ error?: { message?: string }; paymentIntent?: { id: string; status: string } }>;
}
interface StripeCardElement {
  mount(el: HTMLElement): void;
  destroy(): void;
}

declare global {
  interface Window {
    Stripe?: (key: string) => StripeJs;
  }
}

let loading: Promise<void> | undefined;

/** Loads Stripe.js from Stripe (it must come from js.stripe.com) and mounts its card element. */
export async function mountStripeCard(publishableKey: string, el: HTMLElement) {
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = 'https://js.stripe.com/v3/';
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('Stripe.js could not be loaded'));
    document.head.append(script);
  });
  await loading;
  const stripe = window.Stripe!(publishableKey);
  const card = stripe.elements().create('card');
  card.mount(el);
  return {
    destroy: () => card.destroy(),
    async confirm(clientSecret: string): Promise<{ ok: true; intentId: string } | { ok: false; message: string }> {
      const result = await stripe.confirmCardPayment(clientSecret, { payment_method: { card } });
      if (result.error || result.paymentIntent?.status !== 'succeeded') return { ok: false, message: result.error?.message ?? translate('payment.notCharged') };
      return { ok: true, intentId: result.paymentIntent.id };
    },
  };
}
