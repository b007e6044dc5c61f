import { kindsToldTo, partyOfRole, type NotificationKind } from '@market/contract';
import { useState } from 'react';
import { errorMessage } from '../../lib/errors.ts';
import { translate, useT, type Key } from '../../lib/i18n.ts';
import { notify } from '../../lib/notify.ts';
import { useAuth } from '../../lib/use-auth.ts';
import { useMailPreferencesQuery, useSetMailPreferencesMutation } from './api.ts';

/** Each kind as its choice reads: what happens, said by the person it is told to. */
const choiceOf: Record<NotificationKind, Key<'dashboard'>> = {
  book: 'mailChoices.kind.book',
  accept: 'mailChoices.kind.accept',
  decline: 'mailChoices.kind.decline',
  cancel: 'mailChoices.kind.cancel',
  pay: 'mailChoices.kind.pay',
  close: 'mailChoices.kind.close',
  refund: 'mailChoices.kind.refund',
  expire: 'mailChoices.kind.expire',
  hand_over: 'mailChoices.kind.hand_over',
  complete: 'mailChoices.kind.complete',
  lock: 'mailChoices.kind.lock',
  call_off: 'mailChoices.kind.call_off',
  dispute: 'mailChoices.kind.dispute',
  release: 'mailChoices.kind.release',
  remind: 'mailChoices.kind.remind',
  review: 'mailChoices.kind.review',
  report_dismissed: 'mailChoices.kind.report_dismissed',
  report_upheld: 'mailChoices.kind.report_upheld',
  listing_removed: 'mailChoices.kind.listing_removed',
  listings_suspended: 'mailChoices.kind.listings_suspended',
  listings_reinstated: 'mailChoices.kind.listings_reinstated',
  dispute_question: 'mailChoices.kind.dispute_question',
  payout_paid: 'mailChoices.kind.payout_paid',
  payout_failed: 'mailChoices.kind.payout_failed',
  payout_method_changed: 'mailChoices.kind.payout_method_changed',
  messages: 'mailChoices.kind.messages',
  saved_price_drop: 'mailChoices.kind.saved_price_drop',
  saved_sold: 'mailChoices.kind.saved_sold',
  saved_expired: 'mailChoices.kind.saved_expired',
  search_alert: 'mailChoices.kind.search_alert',
  listing_held: 'mailChoices.kind.listing_held',
  listing_approved: 'mailChoices.kind.listing_approved',
  listing_rejected: 'mailChoices.kind.listing_rejected',
  listing_expiring: 'mailChoices.kind.listing_expiring',
  listing_expired: 'mailChoices.kind.listing_expired',
  seller_verified: 'mailChoices.kind.seller_verified',
};

/**
 * The account page's choice of which notifications also come by e-mail (issue 31): one box per kind the person's
 * side of a deal is told of (a buyer's, a seller's), ticked unless switched off; each change is kept at once.
 * An Admin is told of no deal: nothing to choose.
 */
export function MailChoices() {
  const t = useT('dashboard');
  const { user } = useAuth();
  const party = user ? partyOfRole(user.role) : null;
  const choices = useMailPreferencesQuery(undefined, { skip: party === null });
  const [save, saving] = useSetMailPreferencesMutation();
  // The boxes as the person set them (a box changes when clicked, not when the server has answered); null: as kept.
  const [chosen, setChosen] = useState<NotificationKind[] | null>(null);
  if (!user || party === null || !choices.data) return null;
  const off = chosen ?? choices.data.mailOff;

  const toggle = async (kind: NotificationKind, wanted: boolean) => {
    const next = wanted ? off.filter((k) => k !== kind) : [...off, kind];
    setChosen(next);
    try {
      await save({ mailOff: next }).unwrap();
    } catch (err) {
      // Not kept: the boxes show what is.
      setChosen(null);
      notify.error(errorMessage(err, translate('auth.tryAgain')));
    }
  };

  return (
    <div className="card bg-base-100 ring-1 ring-base-200">
      {/* One change at a time: each sends the whole list, and two at once could arrive the other way round. */}
      <fieldset className="card-body gap-3" disabled={saving.isLoading}>
        <legend className="contents">
          <h2 className="text-xl font-semibold">{t('mailChoices.title')}</h2>
        </legend>
        <p className="text-sm">{t('mailChoices.text')}</p>
        {!user.emailVerified && <p className="text-sm text-warning-content">{t('mailChoices.unconfirmed')}</p>}
        <ul className="flex flex-col gap-2">
          {kindsToldTo(party).map((kind) => (
            <li key={kind}>
              <label className="flex cursor-pointer items-center gap-3">
                <input
                  type="checkbox"
                  className="checkbox checkbox-primary"
                  checked={!off.includes(kind)}
                  onChange={(e) => void toggle(kind, e.target.checked)}
                />
                <span>{t(choiceOf[kind])}</span>
              </label>
            </li>
          ))}
        </ul>
        <p role="status" className="text-sm text-base-content/75">
          {chosen && (saving.isLoading ? t('mailChoices.saving') : saving.isSuccess ? t('mailChoices.saved') : '')}
        </p>
      </fieldset>
    </div>
  );
}
