import type { PayoutMethod, PayoutMethodBody } from '@market/contract';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Field } from '../../../components/field.tsx';
import { Notice } from '../../../components/notice.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { bankAccountRule, plainDigits, routingNumberRule, textRule, useFieldRules, walletRule } from '../../../lib/field-rules.ts';
import { translate, useT } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { useSetPayoutMethodMutation } from './money-api.ts';
import { whereOf } from './payout-words.ts';

interface Fields {
  kind: 'bkash' | 'bank';
  wallet: string;
  accountName: string;
  accountNumber: string;
  bankName: string;
  routingNumber: string;
}

/** The most a bank's or an account holder's name may be (the contract's `text(100)`). */
const NAME_MAX = 100;

/** What the form sends: the wallet as typed (the server reads every way of writing it), the bank's numbers as plain digits. */
const bodyOf = (f: Fields): PayoutMethodBody =>
  f.kind === 'bkash'
    ? { kind: 'bkash', wallet: f.wallet.trim() }
    : {
        kind: 'bank',
        accountName: f.accountName.trim(),
        accountNumber: plainDigits(f.accountNumber),
        bankName: f.bankName.trim(),
        routingNumber: plainDigits(f.routingNumber),
      };

/**
 * Where the seller is paid (issue 32): a bKash wallet (a code then goes to it by SMS) or a bank account, each field
 * checked as the server checks it, in the page's language. The fields of the choice not taken are dropped
 * (`shouldUnregister`): they are neither checked nor sent. `onCancel` only when there is a method to keep.
 */
export function PayoutMethodForm({ current, onSaved, onCancel }: { current: PayoutMethod | null; onSaved(): void; onCancel?: () => void }) {
  const t = useT('dashboard');
  useFieldRules();
  const [save, { isLoading }] = useSetPayoutMethodMutation();
  // Kept on screen (not only a toast): a refused field or a limit says what to do next.
  const [refusal, setRefusal] = useState<string | null>(null);
  const { register, handleSubmit, control, formState } = useForm<Fields>({
    shouldUnregister: true,
    defaultValues: {
      kind: current?.kind ?? 'bkash',
      wallet: current?.wallet ?? '',
      accountName: current?.accountName ?? '',
      accountNumber: '',
      bankName: current?.bankName ?? '',
      routingNumber: current?.routingNumber ?? '',
    },
  });
  const { errors } = formState;
  const kind = useWatch({ control, name: 'kind' });

  const submit = async (fields: Fields) => {
    setRefusal(null);
    try {
      const method = await save(bodyOf(fields)).unwrap();
      notify.success(
        method.confirmed ? translate('payouts.saved', { where: whereOf(method) }) : translate('payouts.codeSent', { wallet: method.wallet ?? '' }),
      );
      onSaved();
    } catch (err) {
      setRefusal(errorMessage(err, translate('toast.somethingWentWrong')));
    }
  };

  const label = {
    wallet: t('payouts.walletLabel'),
    accountName: t('payouts.accountName'),
    accountNumber: t('payouts.accountNumber'),
    bankName: t('payouts.bankName'),
    routingNumber: t('payouts.routingNumber'),
  };
  return (
    <form className="space-y-3" onSubmit={handleSubmit(submit)} noValidate aria-label={t('payouts.formTitle')}>
      <fieldset className="space-y-2">
        <legend className="label-text mb-1">{t('payouts.kind')}</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          <label className="flex cursor-pointer items-center gap-2">
            <input type="radio" className="radio radio-primary radio-sm" value="bkash" {...register('kind')} />
            {t('payouts.kindBkash')}
          </label>
          <label className="flex cursor-pointer items-center gap-2">
            <input type="radio" className="radio radio-primary radio-sm" value="bank" {...register('kind')} />
            {t('payouts.kindBank')}
          </label>
        </div>
      </fieldset>
      {kind === 'bkash' ? (
        <Field label={label.wallet} error={errors.wallet?.message} hint={t('payouts.walletHint')}>
          <input
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            className="input input-bordered mt-1 w-full max-w-xs"
            {...register('wallet', walletRule(label.wallet, t('payouts.walletRequired')))}
          />
        </Field>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={label.accountName} error={errors.accountName?.message}>
            <input
              autoComplete="name"
              className="input input-bordered mt-1 w-full"
              {...register('accountName', textRule(label.accountName, t('payouts.accountNameRequired'), NAME_MAX))}
            />
          </Field>
          <Field label={label.accountNumber} error={errors.accountNumber?.message} hint={t('payouts.accountNumberHint')}>
            <input
              inputMode="numeric"
              autoComplete="off"
              className="input input-bordered mt-1 w-full"
              {...register('accountNumber', bankAccountRule(label.accountNumber, t('payouts.accountNumberRequired')))}
            />
          </Field>
          <Field label={label.bankName} error={errors.bankName?.message} hint={t('payouts.bankNameHint')}>
            <input className="input input-bordered mt-1 w-full" {...register('bankName', textRule(label.bankName, t('payouts.bankNameRequired'), NAME_MAX))} />
          </Field>
          <Field label={label.routingNumber} error={errors.routingNumber?.message} hint={t('payouts.routingHint')}>
            <input
              inputMode="numeric"
              autoComplete="off"
              className="input input-bordered mt-1 w-full"
              {...register('routingNumber', routingNumberRule(label.routingNumber, t('payouts.routingRequired')))}
            />
          </Field>
        </div>
      )}
      {refusal && (
        <Notice tone="error" role="alert">
          {refusal}
        </Notice>
      )}
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn btn-primary" disabled={isLoading}>
          {isLoading && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {t('payouts.save')}
        </button>
        {onCancel && (
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            {t('dialog.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
