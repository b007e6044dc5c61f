import type { Dispute } from '@market/contract';
import { useT } from '../../lib/i18n.ts';

/** A deal's dispute as its buyer and its seller see it: the reason the buyer gave (issue 31). */
export function DisputeLine({ dispute }: { dispute: Dispute }) {
  const t = useT('dashboard');
  return <span className="text-xs text-base-content/75">{t('dispute.open', { reason: t(`dispute.reason.${dispute.reason}`) })}</span>;
}
