import type { PaymentIntentCreated } from '@market/contract';
import { useEffect, useRef, useState } from 'react';
import { notify } from '../../lib/notify.ts';
import { useParams, useSearchParams } from 'react-router';
import { NotFound } from '../../components/not-found.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { localDateTime, number, priceTk } from '../../lib/format.ts';
import { translate, useT } from '../../lib/i18n.ts';
import { useAuth } from '../../lib/use-auth.ts';
import { useBkashCreateMutation, useCreatePaymentIntentMutation, useOrderQuery, useRecordPaymentMutation } from './api.ts';
import { BkashPay } from './bkash-pay.tsx';
import { confirmWithSandbox, type SandboxCard } from './card-input.ts';
import { SandboxCardFields } from './sandbox-card-fields.tsx';
import { mountStripeCard } from './stripe-card.ts';

type StripeCard = Awaited<ReturnType<typeof mountStripeCard>>;

export default function PaymentPage() {
  const { id = '' } = useParams();
  const { token } = useAuth();
  const t = useT('payment');
  const { data: order, isLoading, isError } = useOrderQuery(id);
  const [createIntent] = useCreatePaymentIntentMutation();
  const [recordPayment] = useRecordPaymentMutation();
  const [intent, setIntent] = useState<PaymentIntentCreated | null>(null);
  const [problem, setProblem] = useState('');
  const [processing, setProcessing] = useState(false);
  const [transactionId, setTransactionId] = useState('');
  const [card, setCard] = useState<SandboxCard>({ number: '', expiry: '', cvc: '' });
  const stripeEl = useRef<HTMLDivElement>(null);
  const stripeCard = useRef<StripeCard | null>(null);
  // Back from bKash's page (issue 17): how it went, as the server found out from bKash.
  const [params] = useSearchParams();
  const fromBkash = params.get('bkash');
  const [method, setMethod] = useState<'card' | 'bkash'>(fromBkash ? 'bkash' : 'card');
  const [startBkash, bkashStart] = useBkashCreateMutation();
  // Said from its code in the page's language (the server's words are in the language it guessed: issue 35).
  const bkashProblem =
    fromBkash === 'failure' || fromBkash === 'cancel'
      ? errorMessage({ data: { code: params.get('code'), message: params.get('message') } }, t('payment.bkashFailed'))
      : '';

  const unpaid = order && !order.paid;
  // Where the focus goes once paid (issue 35): the Pay button it was on is gone, and the page body says nothing.
  const done = useRef<HTMLDivElement>(null);
  useEffect(() => done.current?.focus(), [transactionId, order?.paid]);
  useEffect(() => {
    if (!unpaid) return;
    createIntent({ orderId: id })
      .unwrap()
      .then(setIntent, (err: unknown) => setProblem(errorMessage(err, translate('payment.cannotPay'))));
  }, [unpaid, id, createIntent]);

  useEffect(() => {
    if (intent?.provider !== 'stripe' || !intent.publishableKey || !stripeEl.current) return;
    let mounted: StripeCard | null = null;
    mountStripeCard(intent.publishableKey, stripeEl.current).then(
      (c) => (stripeCard.current = mounted = c),
      () => setProblem(translate('payment.cardFormFailed')),
    );
    return () => mounted?.destroy();
  }, [intent]);

  if (isLoading) return <Spinner label={t('payment.loadingOrder')} />;
  if (isError || !order) return <NotFound />;

  const pay = async () => {
    if (!intent || !token) return;
    setProcessing(true);
    setProblem('');
    const result = intent.provider === 'stripe' ? await stripeCard.current!.confirm(intent.clientSecret) : await confirmWithSandbox(intent.clientSecret, card);
    if (!result.ok) {
      setProcessing(false);
      setProblem(result.message);
      notify.error(result.message);
      return;
    }
    try {
      const payment = await recordPayment({
        token,
        orderId: order._id,
        transactionId: result.intentId,
        buyerName: order.buyerName,
        productPrice: order.productPrice,
        productId: order.productId,
        productName: order.productName,
      }).unwrap();
      setTransactionId(payment.transactionId);
      notify.success(translate('payment.completed'));
    } catch (err) {
      setProblem(errorMessage(err, translate('payment.notRecorded')));
    } finally {
      setProcessing(false);
    }
  };

  const payWithBkash = async () => {
    setProblem('');
    try {
      const { bkashURL } = await startBkash({ orderId: order._id }).unwrap();
      window.location.assign(bkashURL);
    } catch (err) {
      setProblem(errorMessage(err, translate('payment.bkashUnreachable')));
    }
  };

  // Paid now (by card here, or with bKash just now), or earlier (a revisit): the receipt instead of the form.
  const paidNow = transactionId || (fromBkash === 'success' && order.payment?.transactionId) || '';
  const receipt = order.payment ?? (transactionId ? { transactionId, amount: order.productPrice, paidAt: new Date().toISOString() } : null);
  if (order.paid || receipt) {
    return (
      <section className="mx-auto max-w-xl">
        <h1 className="text-2xl font-bold">{t('payment.title', { name: order.productName })}</h1>
        {paidNow && (
          <div role="status" tabIndex={-1} ref={done} className="mt-4 space-y-1 rounded-box bg-success p-4 text-success-content outline-none">
            <p className="font-semibold">{t('payment.completed')}</p>
            <p className="break-all">{t('payment.transactionId', { id: paidNow })}</p>
          </div>
        )}
        <section aria-labelledby="receipt-title" className="mt-6 rounded-xl bg-base-100 p-5 shadow-sm ring-1 ring-base-200">
          <h2 id="receipt-title" className="mb-3 flex items-center gap-2 text-lg font-semibold">
            {t('payment.receipt')} <span className="badge badge-success">{t('payment.paid')}</span>
          </h2>
          {receipt ? (
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2">
              <dt className="text-base-content/80">{t('payment.phone')}</dt>
              <dd className="wrap-anywhere">{order.productName}</dd>
              <dt className="text-base-content/80">{t('payment.amount')}</dt>
              <dd>{priceTk(receipt.amount)}</dd>
              <dt className="text-base-content/80">{t('payment.paidOn')}</dt>
              <dd>
                <time dateTime={receipt.paidAt}>{localDateTime(receipt.paidAt)}</time>
              </dd>
              <dt className="text-base-content/80">{t('payment.transactionIdLabel')}</dt>
              <dd className="font-mono text-sm break-all">{receipt.transactionId}</dd>
            </dl>
          ) : (
            <p>{t('payment.isPaid')}</p>
          )}
        </section>
      </section>
    );
  }

  const [payBefore, payAfter] = t('payment.pleasePay', { amount: '\0', name: order.productName }).split('\0');
  return (
    <section className="mx-auto max-w-xl">
      <h1 className="text-2xl font-bold">{t('payment.title', { name: order.productName })}</h1>
      <p className="mt-2 text-lg">
        {payBefore}
        <strong>{number(order.productPrice)}</strong>
        {payAfter}
      </p>
      <div className="mt-6 space-y-4 rounded-xl bg-base-100 p-5 shadow-sm ring-1 ring-base-200">
        {intent?.bkash && (
          <fieldset className="flex flex-wrap gap-2">
            <legend className="mb-2 font-semibold">{t('payment.payWith')}</legend>
            {(['card', 'bkash'] as const).map((m) => (
              <label
                key={m}
                className={`btn flex-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 ${method === m ? 'btn-primary' : 'btn-outline'}`}
              >
                <input type="radio" name="method" className="sr-only" checked={method === m} onChange={() => setMethod(m)} />
                {t(m === 'card' ? 'payment.card' : 'payment.bkash')}
              </label>
            ))}
          </fieldset>
        )}
        {method === 'bkash' && <BkashPay busy={bkashStart.isLoading} onPay={payWithBkash} />}
        {/* The card form stays mounted while bKash is chosen: Stripe's card element lives in it. */}
        <div className={method === 'bkash' ? 'hidden' : 'space-y-4'}>
          {intent?.provider === 'stripe' ? (
            <div ref={stripeEl} className="rounded-lg border border-base-300 p-3" aria-label={t('payment.cardDetails')} />
          ) : (
            <SandboxCardFields value={card} onChange={setCard} disabled={processing} />
          )}
        </div>
        {(problem || (method === 'bkash' && bkashProblem)) && (
          <p role="alert" className="text-sm text-error">
            {problem || bkashProblem}
          </p>
        )}
        {method === 'card' && (
          <button type="button" className="btn btn-primary w-full" onClick={pay} disabled={processing || !intent?.clientSecret}>
            {processing && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {t('payment.pay')}
          </button>
        )}
      </div>
    </section>
  );
}
