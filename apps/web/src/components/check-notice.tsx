import type { Product } from '@market/contract';
import type { RiskSignalCode } from '@market/contract/risk';
import type { ReactNode } from 'react';
import { number } from '../lib/format.ts';
import { useT, type Key } from '../lib/i18n.ts';
import { Notice } from './notice.tsx';

/** A held listing's check (issue 36), as its seller (and Admins) read it. */
export type Check = NonNullable<Product['check']>;

/** Why a listing waits, one plain sentence per signal: what it means for the seller, not how it was found. */
const signalIds: Record<RiskSignalCode, Key<'dashboard'>> = {
  new_seller_limit: 'heldCheck.signal.new_seller_limit',
  photo_reused: 'heldCheck.signal.photo_reused',
  price_below_guide: 'heldCheck.signal.price_below_guide',
  imei_flagged: 'heldCheck.signal.imei_flagged',
  contact_in_description: 'heldCheck.signal.contact_in_description',
};

/** 'Waiting for a check' or 'Not approved'. */
export function useCheckState() {
  const t = useT('dashboard');
  return (check: Check) => t(check.state === 'waiting' ? 'heldCheck.waiting' : 'heldCheck.rejected');
}

/**
 * What a held listing's seller needs to know: waiting, how long a check usually takes, and why it was held; or not
 * approved, the Admin's reason, and that an edit sends it again.
 */
export function CheckWords({ check }: { check: Check }) {
  const t = useT('dashboard');
  const waiting = check.state === 'waiting';
  return (
    <div className="space-y-1 text-sm wrap-anywhere">
      {waiting ? (
        <p>{check.hours === null ? t('heldCheck.usuallyFew') : t('heldCheck.usually', { hours: check.hours, shown: number(check.hours) })}</p>
      ) : (
        <>
          {check.reason && <p>{t('heldCheck.reason', { reason: check.reason })}</p>}
          <p>{t('heldCheck.again')}</p>
        </>
      )}
      {check.signals.length > 0 && (
        <>
          <p className="font-semibold">{t(waiting ? 'heldCheck.why' : 'heldCheck.whyHeld')}</p>
          <ul className="list-inside list-disc">
            {check.signals.map((code) => (
              <li key={code}>{t(signalIds[code])}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** The check of a held listing as a notice on its page (its own page, its edit), with the way on (`children`). */
export function CheckNotice({ check, children }: { check: Check; children?: ReactNode }) {
  const state = useCheckState();
  return (
    <Notice tone={check.state === 'waiting' ? 'info' : 'error'}>
      <h2 className="font-semibold">{state(check)}</h2>
      <CheckWords check={check} />
      {children && <div className="mt-2 flex flex-wrap gap-3">{children}</div>}
    </Notice>
  );
}
