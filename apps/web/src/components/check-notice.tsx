import type { Product } from '@market/contract';
import { sellerOnly, type RiskSignalCode } from '@market/contract/risk';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { number } from '../lib/format.ts';
import { useT, type Key } from '../lib/i18n.ts';
import { Notice } from './notice.tsx';

/** A held listing's check (issue 36), as its seller (and Admins) read it. */
export type Check = NonNullable<Product['check']>;

/** Where a seller confirms their mobile number (the account page's section, decision 062). */
export const mobileNumberPath = '/dashboard/account#mobile-number';

/** Held only until its seller confirms their number: nothing for a person to check. */
const forNumberOnly = (check: Check) => check.state === 'waiting' && sellerOnly(check.signals);

/** The way to the account page's Mobile number, in a held listing's words. */
export function ConfirmNumberLink({ className = 'link link-primary font-semibold' }: { className?: string }) {
  const t = useT('dashboard');
  return (
    <Link to={mobileNumberPath} className={className}>
      {t('heldCheck.numberLink')}
    </Link>
  );
}

/** Why a listing waits, one plain sentence per signal: what it means for the seller, not how it was found. */
const signalIds: Record<RiskSignalCode, Key<'dashboard'>> = {
  new_seller_limit: 'heldCheck.signal.new_seller_limit',
  photo_reused: 'heldCheck.signal.photo_reused',
  price_below_guide: 'heldCheck.signal.price_below_guide',
  imei_flagged: 'heldCheck.signal.imei_flagged',
  contact_in_description: 'heldCheck.signal.contact_in_description',
  number_unconfirmed: 'heldCheck.signal.number_unconfirmed',
};

/** 'Waiting for a check', 'Not approved', or (held for the seller's number alone) 'Confirm your number'. */
export function useCheckState() {
  const t = useT('dashboard');
  return (check: Check) => t(forNumberOnly(check) ? 'heldCheck.numberState' : check.state === 'waiting' ? 'heldCheck.waiting' : 'heldCheck.rejected');
}

/**
 * What a held listing's seller needs to know: waiting, how long a check usually takes, and why it was held; or not
 * approved, the Admin's reason, and that an edit sends it again. Held for the seller's number (issue 36): that they
 * confirm it, and where (`forSeller`: the way there; an Admin reading it gets the words only).
 */
export function CheckWords({ check, forSeller = true }: { check: Check; forSeller?: boolean }) {
  const t = useT('dashboard');
  const waiting = check.state === 'waiting';
  if (forNumberOnly(check))
    return (
      <div className="space-y-1 text-sm wrap-anywhere">
        <p>{t('heldCheck.numberText')}</p>
        {forSeller && (
          <p>
            <ConfirmNumberLink />
          </p>
        )}
      </div>
    );
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
              <li key={code}>
                {code === 'number_unconfirmed' && forSeller ? (
                  // The seller's to do, not a person's to check: the words lead to where it is done.
                  <Link to={mobileNumberPath} className="link link-primary">
                    {t(signalIds[code])}
                  </Link>
                ) : (
                  t(signalIds[code])
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** The check of a held listing as a notice on its page (its own page, its edit), with the way on (`children`). */
export function CheckNotice({ check, forSeller = true, children }: { check: Check; forSeller?: boolean; children?: ReactNode }) {
  const state = useCheckState();
  return (
    <Notice tone={check.state === 'waiting' ? 'info' : 'error'}>
      <h2 className="font-semibold">{state(check)}</h2>
      <CheckWords check={check} forSeller={forSeller} />
      {children && <div className="mt-2 flex flex-wrap gap-3">{children}</div>}
    </Notice>
  );
}
