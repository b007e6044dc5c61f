import type { AuditAction, AuditEntry } from '@market/contract';
import { auditActions } from '@market/contract/rules';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table.tsx';
import { localDateTime } from '../../../lib/format.ts';
import { useT, type Key } from '../../../lib/i18n.ts';
import { paged } from '../../../lib/pages.ts';
import { useAuditLogInfiniteQuery } from './api.ts';

/** Each act (the contract's code) as the log's readers say it. */
const actionIds: Record<AuditAction, Key<'admin'>> = {
  'verify-seller': 'audit.verifySeller',
  'delete-user': 'audit.deleteUser',
  'delete-product': 'audit.deleteProduct',
  'dismiss-reports': 'audit.dismissReports',
  'warn-seller': 'audit.warnSeller',
  'suspend-seller': 'audit.suspendSeller',
  'reinstate-seller': 'audit.reinstateSeller',
  'suspend-buyer': 'audit.suspendBuyer',
  'reinstate-buyer': 'audit.reinstateBuyer',
  'refund-order': 'audit.refundOrder',
  'release-dispute': 'audit.releaseDispute',
  'split-dispute': 'audit.splitDispute',
  'send-payout-batch': 'audit.sendPayoutBatch',
  'settle-payout': 'audit.settlePayout',
  'adjust-balance': 'audit.adjustBalance',
  'read-conversation': 'audit.readConversation',
  'dismiss-message-reports': 'audit.dismissMessageReports',
  'warn-sender': 'audit.warnSender',
  'add-phone-model': 'audit.addPhoneModel',
  'add-model-alias': 'audit.addModelAlias',
  'approve-listing': 'audit.approveListing',
  'reject-listing': 'audit.rejectListing',
};

/** What an act was done to, where its label does not say it (a user, a phone and an order name themselves). */
const kindIds: Record<AuditEntry['target']['kind'], Key<'admin'> | null> = {
  user: null,
  product: null,
  order: null,
  conversation: 'audit.kindConversation',
  'phone-model': 'audit.kindPhoneModel',
};

/** What Admins did, newest first (issue 16): who, when, what, to what, why. The log is only ever appended to. */
export default function AuditLog() {
  const t = useT('admin');
  const [action, setAction] = useState<AuditAction | undefined>(undefined);
  // Fetched again on every visit: other Admins act meanwhile.
  const list = useAuditLogInfiniteQuery(action, { refetchOnMountOrArgChange: true });
  const { rows, more } = paged(list);

  return (
    <section>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold">{t('audit.title')}</h1>
        <label className="flex items-center gap-2 text-sm">
          {t('audit.show')}
          <select
            className="select select-bordered select-sm"
            value={action ?? ''}
            onChange={(e) => setAction((e.target.value || undefined) as AuditAction | undefined)}
          >
            <option value="">{t('audit.everyAct')}</option>
            {auditActions.map((a) => (
              <option key={a} value={a}>
                {t(actionIds[a])}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="mb-4 max-w-3xl text-sm">{t('audit.intro')}</p>
      <DataTable
        caption={t('audit.title')}
        columns={[
          { label: t('audit.when'), className: 'whitespace-nowrap align-top' },
          { label: t('audit.admin'), className: 'sm:min-w-40 align-top' },
          { label: t('audit.act'), className: 'align-top' },
          { label: t('audit.of'), className: 'sm:min-w-48 align-top' },
          { label: t('audit.reason'), className: 'sm:min-w-40 align-top' },
        ]}
        rows={rows}
        loading={list.isLoading}
        more={more}
        empty={t('audit.empty')}
        rowKey={(e) => e._id}
        cells={(e) => [
          <time dateTime={e.date}>{localDateTime(e.date)}</time>,
          // One element: in the phone's card layout each cell's children sit beside its label.
          <div>
            {e.admin.name}
            <span className="block text-xs text-base-content/75">{e.admin.email}</span>
          </div>,
          t(actionIds[e.action]),
          <div>
            {kindIds[e.target.kind] && <span className="block text-xs text-base-content/75">{t(kindIds[e.target.kind]!)}</span>}
            {e.target.label}
          </div>,
          e.reason ?? <span className="text-base-content/75">{t('audit.noReason')}</span>,
        ]}
      />
    </section>
  );
}
