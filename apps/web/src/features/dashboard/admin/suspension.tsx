import type { User } from '@market/contract';
import { useState } from 'react';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { attempt } from '../../../lib/attempt.ts';
import { translate, useT, type Key } from '../../../lib/i18n.ts';
import { useReinstateBuyerMutation, useReinstateSellerMutation, useSuspendBuyerMutation, useSuspendSellerMutation } from './api.ts';

/** Each role's words for the question and the toasts: a seller's phones leave the site too, a buyer only cannot sign in. */
const words: Record<
  'Seller' | 'Buyer',
  Record<'suspendTitle' | 'suspendText' | 'suspended' | 'reinstateTitle' | 'reinstateText' | 'reinstated', Key<'admin'>>
> = {
  Seller: {
    suspendTitle: 'sellers.suspendTitle',
    suspendText: 'sellers.suspendText',
    suspended: 'moderation.sellerSuspended',
    reinstateTitle: 'sellers.reinstateTitle',
    reinstateText: 'sellers.reinstateText',
    reinstated: 'sellers.reinstatedToast',
  },
  Buyer: {
    suspendTitle: 'buyers.suspendTitle',
    suspendText: 'buyers.suspendText',
    suspended: 'buyers.suspendedToast',
    reinstateTitle: 'buyers.reinstateTitle',
    reinstateText: 'buyers.reinstateText',
    reinstated: 'buyers.reinstatedToast',
  },
};

/**
 * Suspending a seller (issue 16) or a buyer (issue 35, item 17) and lifting it, asked why first (the audit log keeps
 * the reason): the Suspension column's cell of each row, and the question they open.
 */
export function useSuspension(role: 'Seller' | 'Buyer') {
  const t = useT('admin');
  const [suspendSeller] = useSuspendSellerMutation();
  const [reinstateSeller] = useReinstateSellerMutation();
  const [suspendBuyer] = useSuspendBuyerMutation();
  const [reinstateBuyer] = useReinstateBuyerMutation();
  const [suspend, reinstate] = role === 'Seller' ? [suspendSeller, reinstateSeller] : [suspendBuyer, reinstateBuyer];
  const [moderating, setModerating] = useState<User | null>(null);
  const lifting = moderating?.suspended === true;
  const said = words[role];

  const cell = (u: User) =>
    u.suspended ? (
      <div className="flex flex-wrap items-center gap-2">
        <span className="badge badge-error text-white">{t('users.suspended')}</span>
        <button
          type="button"
          className="btn btn-outline btn-xs whitespace-nowrap"
          onClick={() => setModerating(u)}
          aria-label={t('users.reinstateName', { name: u.name })}
        >
          {t('users.reinstate')}
        </button>
      </div>
    ) : (
      <button
        type="button"
        className="btn btn-outline btn-xs whitespace-nowrap"
        onClick={() => setModerating(u)}
        aria-label={t('users.suspendName', { name: u.name })}
      >
        {t('users.suspend')}
      </button>
    );

  const dialog = (
    <ReasonDialog
      key={moderating?._id ?? 'none'}
      open={moderating !== null}
      title={t(lifting ? said.reinstateTitle : said.suspendTitle)}
      text={moderating ? t(lifting ? said.reinstateText : said.suspendText, { name: moderating.name }) : ''}
      confirmLabel={t(lifting ? 'users.reinstate' : 'users.suspend')}
      onCancel={() => setModerating(null)}
      onConfirm={async (reason) => {
        if (!moderating) return;
        const id = moderating._id;
        setModerating(null);
        if (lifting) await attempt(() => reinstate({ id, reason }).unwrap(), translate(said.reinstated));
        else await attempt(() => suspend({ id, reason }).unwrap(), translate(said.suspended));
      }}
    />
  );
  return { cell, dialog };
}
