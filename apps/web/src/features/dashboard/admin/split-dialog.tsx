import { poishaOf, type Order } from '@market/contract';
import { maxLength, parseAmount, textProblem } from '@market/contract/rules';
import { Suspense, useId, useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { Field } from '../../../components/field.tsx';
import { useModal } from '../../../components/use-modal.ts';
import { WordsField } from '../../../components/words-field.tsx';
import { said, useFieldRules } from '../../../lib/field-rules.ts';
import { money, number, priceTk } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';

interface Props {
  /** The disputed deal to split; none: the dialog is closed. */
  order: Order | null;
  /** Sends the split: whole taka back to the buyer, and the reason (audited); resolves once done. */
  onConfirm(refundAmount: number, reason: string): Promise<void>;
  onCancel(): void;
}

/** The least a split gives back; the most is a taka less than the price (all of it is a refund in full). */
const least = 1;

/** The taka a split gives back, as typed: a whole number from 1 to the price less one, else null. */
export function splitAmount(typed: string, price: number): number | null {
  const amount = parseAmount(typed);
  return amount !== null && Number.isInteger(amount) && amount >= least && amount <= price - 1 ? amount : null;
}

/**
 * An Admin splits a disputed deal's payment (issue 32): some whole taka back to the buyer, the rest to the seller,
 * with a reason (audited). It asks first, as the other decisions do, and says what will happen once the amount is one
 * the API takes. It waits, unseen, for the forms' messages in the page's language.
 */
export function SplitDialog(props: Props) {
  return (
    <Suspense fallback={null}>
      {/* A new deal, a new dialog: nothing typed for another deal stays. */}
      <Dialog key={props.order?._id ?? 'none'} {...props} />
    </Suspense>
  );
}

function Dialog({ order, onConfirm, onCancel }: Props) {
  const ref = useModal(order !== null);
  const t = useT('admin');
  useFieldRules();
  const titleId = useId();
  const [typed, setTyped] = useState('');
  const [reason, setReason] = useState('');
  // Checked when Split is pressed, then as it is corrected.
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const price = order?.productPrice ?? 0;
  const amount = splitAmount(typed, price);
  const range = { min: number(least), max: number(price - 1) };
  const amountProblem = !tried || amount !== null ? undefined : typed.trim() === '' ? t('disputes.splitRequired') : t('disputes.splitRange', range);
  const reasonLabel = t('reasonDialog.reason');
  const reasonFound = tried ? textProblem(reason, maxLength.reportText) : null;
  const reasonProblem = reasonFound ? String(said(t('reasonDialog.subject', { label: reasonLabel.toLowerCase() }), reasonFound, maxLength.reportText)) : null;

  const confirm = async () => {
    setTried(true);
    if (amount === null || textProblem(reason, maxLength.reportText)) return;
    setBusy(true);
    try {
      await onConfirm(amount, reason.trim());
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog ref={ref} className="modal" onCancel={onCancel} aria-labelledby={titleId}>
      <div className="modal-box">
        <h2 id={titleId} className="text-xl font-semibold">
          {t('disputes.split')}
        </h2>
        {order && <p className="py-2">{t('disputes.splitText', { amount: priceTk(order.productPrice), buyer: order.buyerName })}</p>}
        <Field label={t('disputes.splitAmount')} error={amountProblem} hint={t('disputes.splitHint', range)}>
          <input inputMode="numeric" className="input input-bordered mt-1 w-full" value={typed} onChange={(e) => setTyped(e.target.value)} />
        </Field>
        {/* What will happen, once the amount is one a split takes. */}
        <p className="min-h-6 py-2 font-semibold" aria-live="polite">
          {amount !== null && t('disputes.splitWhat', { amount: money(poishaOf(amount)), rest: money(poishaOf(price - amount)) })}
        </p>
        <WordsField label={reasonLabel} value={reason} onChange={setReason} problem={reasonProblem} hint={t('reasonDialog.hint')} />
        <DialogActions label={t('disputes.split')} busy={busy} onConfirm={() => void confirm()} onCancel={onCancel} />
      </div>
    </dialog>
  );
}
