import type { PaymentIntentCreated } from '@market/contract';
import { useEffect, useRef, useState } from 'react';
import { notify } from '../../lib/notify.ts';
import { useParams } from 'react-router';
import { NotFound } from '../../components/not-found.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { taka } from '../../lib/format.ts';
import { useAuth } from '../../lib/use-auth.ts';
import { useCreatePaymentIntentMutation, useOrderQuery, useRecordPaymentMutation } from './api.ts';
import { confirmWithSandbox, type SandboxCard } from './card-input.ts';
import { SandboxCardFields } from './sandbox-card-fields.tsx';
import { mountStripeCard } from './stripe-card.ts';

type StripeCard = Awaited<ReturnType<typeof mountStripeCard>>;

export default function PaymentPage() {
  const { id = '' } = useParams();
  const { token } = useAuth();
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

  const unpaid = order && !order.paid;
  useEffect(() => {
    if (!unpaid) return;
    createIntent({ orderId: id })
      .unwrap()
      .then(setIntent, (err: unknown) => setProblem(errorMessage(err, 'This order cannot be paid now')));
  }, [unpaid, id, createIntent]);

  useEffect(() => {
    if (intent?.provider !== 'stripe' || !intent.publishableKey || !stripeEl.current) return;
    let mounted: StripeCard | null = null;
    mountStripeCard(intent.publishableKey, stripeEl.current).then(
      (c) => (stripeCard.current = mounted = c),
      () => setProblem('The card form could not be loaded. Please try again.'),
    );
    return () => mounted?.destroy();
  }, [intent]);

  if (isLoading) return <Spinner label="Loading order" />;
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
      notify.success('Your payment completed !');
    } catch (err) {
      setProblem(errorMessage(err, 'Your payment could not be recorded'));
    } finally {
      setProcessing(false);
    }
  };

  const paid = order.paid || Boolean(transactionId);
  return (
    <section className="mx-auto max-w-xl">
      <h1 className="text-2xl font-bold">Payment for {order.productName}</h1>
      <p className="mt-2 text-lg">
        Please pay <strong>{taka(order.productPrice)}</strong> tk for {order.productName}
      </p>
      <div className="mt-6 space-y-4 rounded-xl bg-base-100 p-5 shadow-sm ring-1 ring-base-200">
        {intent?.provider === 'stripe' ? (
          <div ref={stripeEl} className="rounded-lg border border-base-300 p-3" aria-label="Card details" />
        ) : (
          <SandboxCardFields value={card} onChange={setCard} disabled={processing || paid} />
        )}
        {problem && (
          <p role="alert" className="text-sm text-error">
            {problem}
          </p>
        )}
        <button type="button" className="btn btn-primary w-full" onClick={pay} disabled={processing || !intent?.clientSecret || paid}>
          {processing && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          Pay
        </button>
        {order.paid && !transactionId && <p className="badge badge-success">Paid</p>}
        {transactionId && (
          <div role="status" className="alert alert-success flex-col items-start">
            <p className="font-semibold">Your payment completed !</p>
            <p>Your transaction id : {transactionId}</p>
          </div>
        )}
      </div>
    </section>
  );
}
