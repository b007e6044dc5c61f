import type { AuditAction } from '@market/contract';
import { auditActions } from '@market/contract/rules';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table.tsx';
import { localDateTime } from '../../../lib/format.ts';
import { paged } from '../../../lib/pages.ts';
import { useAuditLogInfiniteQuery } from '../api.ts';

/** Each act as the log's readers say it. */
export const actionNames: Record<AuditAction, string> = {
  'verify-seller': 'Verified a seller',
  'delete-user': 'Deleted a user',
  'delete-product': 'Removed a phone',
  'dismiss-reports': 'Dismissed reports',
  'warn-seller': 'Warned a seller',
  'suspend-seller': 'Suspended a seller',
  'reinstate-seller': 'Reinstated a seller',
  'refund-order': 'Refunded an order',
};

/** What Admins did, newest first (issue 16): who, when, what, to what, why. The log is only ever appended to. */
export default function AuditLog() {
  const [action, setAction] = useState<AuditAction | undefined>(undefined);
  // Fetched again on every visit: other Admins act meanwhile.
  const list = useAuditLogInfiniteQuery(action, { refetchOnMountOrArgChange: true });
  const { rows, more } = paged(list);

  return (
    <section>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold">Audit Log</h1>
        <label className="flex items-center gap-2 text-sm">
          Show
          <select
            className="select select-bordered select-sm"
            value={action ?? ''}
            onChange={(e) => setAction((e.target.value || undefined) as AuditAction | undefined)}
          >
            <option value="">Every act</option>
            {auditActions.map((a) => (
              <option key={a} value={a}>
                {actionNames[a]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="mb-4 max-w-3xl text-sm">Every act of an Admin, as it was done. Entries are only ever added: nobody can change or remove one.</p>
      <DataTable
        caption="Audit Log"
        columns={[
          { label: 'When', className: 'whitespace-nowrap align-top' },
          { label: 'Admin', className: 'sm:min-w-40 align-top' },
          { label: 'Act', className: 'align-top' },
          { label: 'Of', className: 'sm:min-w-48 align-top' },
          { label: 'Reason', className: 'sm:min-w-40 align-top' },
        ]}
        rows={rows}
        loading={list.isLoading}
        more={more}
        empty="no admin act recorded yet"
        rowKey={(e) => e._id}
        cells={(e) => [
          <time dateTime={e.date}>{localDateTime(e.date)}</time>,
          // One element: in the phone's card layout each cell's children sit beside its label.
          <div>
            {e.admin.name}
            <span className="block text-xs text-base-content/75">{e.admin.email}</span>
          </div>,
          actionNames[e.action],
          e.target.label,
          e.reason ?? <span className="text-base-content/75">None given</span>,
        ]}
      />
    </section>
  );
}
