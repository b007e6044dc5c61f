import { useT } from '../../lib/i18n.ts';

/** Paying with bKash (issue 17): what happens next, and the button that sends the buyer to bKash's page. */
export function BkashPay({ busy, onPay }: { busy: boolean; onPay(): void }) {
  const t = useT('payment');
  return (
    <div className="space-y-3">
      <p>{t('payment.bkashText')}</p>
      <button type="button" className="btn w-full border-[#e2136e] bg-[#e2136e] text-white hover:bg-[#c0105d]" onClick={onPay} disabled={busy}>
        {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {t('payment.payWithBkash')}
      </button>
    </div>
  );
}
