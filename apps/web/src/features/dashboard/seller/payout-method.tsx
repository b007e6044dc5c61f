import type { PayoutMethod } from '@market/contract';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Field } from '../../../components/field.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { plainDigits, smsCodeRule, useFieldRules } from '../../../lib/field-rules.ts';
import { translate, useT } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { useConfirmPayoutNumberMutation, usePayoutMethodQuery, useSetPayoutMethodMutation } from './money-api.ts';
import { PayoutMethodForm } from './payout-method-form.tsx';

/** The method as it is: the wallet, or the bank account by its last 4 digits; ready for payouts, or waiting for its code. */
function CurrentMethod({ method }: { method: PayoutMethod }) {
  const t = useT('dashboard');
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <p className="font-semibold wrap-anywhere">
        {method.kind === 'bkash'
          ? t('payouts.walletLine', { wallet: method.wallet ?? '' })
          : t('payouts.bankLine', {
              name: method.accountName ?? '',
              bank: method.bankName ?? '',
              end: method.accountNumberEnd ?? '',
              routing: method.routingNumber ?? '',
            })}
      </p>
      <span className={`badge ${method.confirmed ? 'badge-success' : 'badge-warning'}`}>{t(method.confirmed ? 'payouts.ready' : 'payouts.unconfirmed')}</span>
    </div>
  );
}

/**
 * The code sent by SMS to a new bKash wallet (6 digits, 10 minutes, 5 tries): entered here, the wallet can be paid.
 * A new code is the same wallet set again (the server ends the one before).
 */
function WalletCode({ wallet }: { wallet: string }) {
  const t = useT('dashboard');
  useFieldRules();
  const [confirm, confirming] = useConfirmPayoutNumberMutation();
  const [resend, resending] = useSetPayoutMethodMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { register, handleSubmit, reset, formState } = useForm<{ code: string }>({ defaultValues: { code: '' } });
  const label = t('payouts.codeLabel');
  const textId = useId();

  const submit = async ({ code }: { code: string }) => {
    setRefusal(null);
    try {
      await confirm(plainDigits(code)).unwrap();
      notify.success(translate('payouts.confirmed'));
    } catch (err) {
      // 'That is not the code we sent: 4 tries left', said where the code is typed.
      setRefusal(errorMessage(err, translate('toast.somethingWentWrong')));
    }
  };
  const sendAgain = async () => {
    setRefusal(null);
    try {
      await resend({ kind: 'bkash', wallet }).unwrap();
      reset({ code: '' });
      notify.success(translate('payouts.resent', { wallet }));
    } catch (err) {
      setRefusal(errorMessage(err, translate('toast.somethingWentWrong')));
    }
  };

  return (
    <form className="space-y-3 rounded-box bg-base-200 p-4" onSubmit={handleSubmit(submit)} noValidate aria-describedby={textId}>
      <p id={textId}>{t('payouts.codeText', { wallet })}</p>
      <Field label={label} error={formState.errors.code?.message}>
        <input
          className="input input-bordered mt-1 w-full max-w-48 font-mono text-xl tracking-[0.3em]"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          {...register('code', smsCodeRule(label, t('payouts.codeRequired')))}
        />
      </Field>
      {refusal && (
        <Notice tone="error" role="alert">
          {refusal}
        </Notice>
      )}
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn btn-primary" disabled={confirming.isLoading}>
          {confirming.isLoading && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {t('payouts.confirm')}
        </button>
        <button type="button" className="btn btn-outline" onClick={() => void sendAgain()} disabled={resending.isLoading}>
          {resending.isLoading && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {t('payouts.resend')}
        </button>
      </div>
    </form>
  );
}

/**
 * 'Where we pay you' (issue 32): the seller's payout method, or none yet; the form that sets it (open at once when
 * there is none, else behind Change); and, for a wallet not yet confirmed, the code sent to it by SMS.
 */
export function PayoutMethodSection() {
  const t = useT('dashboard');
  const headingId = useId();
  const query = usePayoutMethodQuery();
  const [editing, setEditing] = useState(false);
  const method = query.data ?? null;

  const body = () => {
    if (query.isLoading) return <Spinner label={t('payouts.loading')} />;
    if (query.isError) return <Notice tone="error">{errorMessage(query.error, t('payouts.loadFailed'))}</Notice>;
    return (
      <>
        {method ? <CurrentMethod method={method} /> : <p>{t('payouts.none')}</p>}
        {method && !editing && (
          <div>
            <button type="button" className="btn btn-outline btn-primary btn-sm" onClick={() => setEditing(true)}>
              {t('payouts.change')}
            </button>
          </div>
        )}
        {(editing || !method) && (
          <PayoutMethodForm current={method} onSaved={() => setEditing(false)} {...(method ? { onCancel: () => setEditing(false) } : {})} />
        )}
        {method?.kind === 'bkash' && !method.confirmed && !editing && <WalletCode key={method.updatedAt} wallet={method.wallet ?? ''} />}
      </>
    );
  };
  return (
    <section aria-labelledby={headingId} className="card bg-base-100 ring-1 ring-base-200">
      <div className="card-body gap-4">
        <h2 id={headingId} className="text-xl font-semibold">
          {t('payouts.where')}
        </h2>
        {body()}
      </div>
    </section>
  );
}
