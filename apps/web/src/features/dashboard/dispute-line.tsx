import { poishaOf, type Dispute } from '@market/contract';
import { money } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';

/**
 * A deal's dispute as its buyer and its seller see it: the reason the buyer gave (issue 31), and once an Admin
 * decided it, what they decided: a full refund, the money released to the seller, or a split with the taka given back (issue 32).
 */
export function DisputeLine({ dispute }: { dispute: Dispute }) {
  const t = useT('dashboard');
  const decided =
    dispute.decision === 'split'
      ? t('dispute.split', { amount: money(poishaOf(dispute.refundAmount ?? 0)) })
      : dispute.decision === 'refund'
        ? t('dispute.refunded')
        : dispute.decision === 'release'
          ? t('dispute.released')
          : null;
  return (
    <span className="text-xs text-base-content/75">
      <span className="block">{t('dispute.open', { reason: t(`dispute.reason.${dispute.reason}`) })}</span>
      {decided && <span className="block">{decided}</span>}
    </span>
  );
}
