import { maxLength, parseAmount, textProblem } from '@market/contract/rules';
import { useEffect, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Field } from '../../../components/field.tsx';
import { WordsField } from '../../../components/words-field.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { said, useFieldRules } from '../../../lib/field-rules.ts';
import { money, number } from '../../../lib/format.ts';
import { translate, useT } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { useAdjustBalanceMutation } from './money-api.ts';

/** The most one adjustment moves either way, in taka (the contract's `AdjustmentBody`). */
const MOST = 10_000_000;
const idPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The taka an adjustment moves, as typed ('500', '-500', '−1,000', in Bangla digits too): whole, not 0, at most MOST either way; else null. */
export function adjustmentOf(typed: string): number | null {
  const [, sign = '', rest = ''] = /^\s*([+\-−]?)\s*(.*)$/.exec(typed) ?? [];
  const amount = parseAmount(rest);
  if (amount === null || !Number.isInteger(amount) || amount === 0 || amount > MOST) return null;
  return sign === '-' || sign === '−' ? -amount : amount;
}

interface Props {
  sellerId: string;
  onSellerId(id: string): void;
  /** Changes when the payouts list chose a seller: the amount is where to type next. */
  chosen: number;
}

/**
 * An Admin's correction of a seller's available balance (issue 32): the seller's id (from the payouts list, or typed),
 * whole taka (a minus takes away) and the reason; asked first, then written in the books and the audit log.
 */
export function AdjustBalance({ sellerId, onSellerId, chosen }: Props) {
  const t = useT('admin');
  useFieldRules();
  const headingId = useId();
  const amountField = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState('');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [asking, setAsking] = useState(false);
  const [adjust, { isLoading }] = useAdjustBalanceMutation();

  useEffect(() => {
    if (chosen === 0) return;
    // jsdom has no scrollIntoView.
    amountField.current?.scrollIntoView?.({ block: 'center' });
    amountField.current?.focus();
  }, [chosen]);

  const id = sellerId.trim();
  const amount = adjustmentOf(typed);
  const idProblem = !tried || idPattern.test(id) ? undefined : t(id === '' ? 'money.sellerIdRequired' : 'money.sellerIdWrong');
  const amountProblem =
    !tried || amount !== null ? undefined : typed.trim() === '' ? t('money.adjustAmountRequired') : t('money.adjustAmountWrong', { max: number(MOST) });
  const reasonLabel = t('reasonDialog.reason');
  const reasonFound = tried ? textProblem(reason, maxLength.reportText) : null;
  const reasonProblem = reasonFound ? String(said(t('reasonDialog.subject', { label: reasonLabel.toLowerCase() }), reasonFound, maxLength.reportText)) : null;
  const shown = amount === null ? '' : money(Math.abs(amount) * 100);

  const send = async () => {
    setAsking(false);
    try {
      const { available } = await adjust({ sellerId: id, amount: amount!, reason: reason.trim() }).unwrap();
      notify.success(translate('money.adjusted', { available: money(available) }));
      setTyped('');
      setReason('');
      setTried(false);
    } catch (err) {
      notify.error(errorMessage(err, translate('toast.somethingWentWrong')));
    }
  };

  return (
    <section aria-labelledby={headingId} className="card bg-base-100 ring-1 ring-base-200">
      <form
        className="card-body gap-3"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTried(true);
          if (idPattern.test(id) && amount !== null && !textProblem(reason, maxLength.reportText)) setAsking(true);
        }}
      >
        <h2 id={headingId} className="text-xl font-semibold">
          {t('money.adjust')}
        </h2>
        <p className="max-w-3xl text-sm">{t('money.adjustIntro')}</p>
        <div className="grid gap-3 md:grid-cols-2">
          <Field label={t('money.sellerId')} error={idProblem} hint={t('money.sellerIdHint')}>
            <input className="input input-bordered mt-1 w-full font-mono text-sm" value={sellerId} onChange={(e) => onSellerId(e.target.value)} />
          </Field>
          <Field label={t('money.adjustAmount')} error={amountProblem} hint={t('money.adjustAmountHint')}>
            <input ref={amountField} inputMode="text" className="input input-bordered mt-1 w-full" value={typed} onChange={(e) => setTyped(e.target.value)} />
          </Field>
        </div>
        <WordsField label={reasonLabel} value={reason} onChange={setReason} problem={reasonProblem} hint={t('reasonDialog.hint')} rows={2} />
        <div>
          <button type="submit" className="btn btn-primary" disabled={isLoading}>
            {isLoading && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {t('money.adjustSubmit')}
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={asking}
        title={t((amount ?? 0) < 0 ? 'money.adjustTakeTitle' : 'money.adjustAddTitle', { amount: shown })}
        text={t('money.adjustText', { id, reason: reason.trim() })}
        confirmLabel={t('money.adjustSubmit')}
        onConfirm={() => void send()}
        onCancel={() => setAsking(false)}
      />
    </section>
  );
}
