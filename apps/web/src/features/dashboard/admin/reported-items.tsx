import type { ReportedPhone } from '@market/contract';
import { reportReasonNames } from '@market/contract/rules';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table.tsx';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { DeleteButton, useConfirmDelete } from '../../../components/use-confirm-delete.tsx';
import { attempt } from '../../../lib/attempt.ts';
import { localDateTime } from '../../../lib/format.ts';
import { paged } from '../../../lib/pages.ts';
import { useDeleteProductMutation, useDismissReportsMutation, useReportQueueInfiniteQuery, useSuspendSellerMutation, useWarnSellerMutation } from '../api.ts';

/** What an Admin may do to a reported phone besides deleting it: each asks why (issue 16). */
type Act = { kind: 'dismiss' | 'warn' | 'suspend'; phone: ReportedPhone };

/** Each act: its button (and the start of the button's name), then what it asks before it is done. */
const questions: Record<Act['kind'], { label: string; button: string; title: string; confirm: string; text(phone: ReportedPhone): string }> = {
  dismiss: {
    label: 'Dismiss',
    button: 'Dismiss the reports of',
    title: 'Dismiss these reports?',
    confirm: 'Dismiss',
    text: (p) => `${p.product.productName} stays listed and its reports are closed.`,
  },
  warn: {
    label: 'Warn seller',
    button: 'Warn seller of',
    title: 'Warn the seller?',
    confirm: 'Send the warning',
    text: (p) => `${p.product.sellerId.name} gets a mail with your reason; ${p.product.productName} stays listed and its reports are closed.`,
  },
  suspend: {
    label: 'Suspend seller',
    button: 'Suspend seller of',
    title: 'Suspend the seller?',
    confirm: 'Suspend',
    text: (p) => `${p.product.sellerId.name} is signed out and cannot sign in; all their phones leave the site until you reinstate them (All Sellers).`,
  },
};

/** The reports of one phone: how many of each reason, and each reporter's words. */
function Reports({ item }: { item: ReportedPhone }) {
  if (item.count === 0) return <span className="text-sm">Reported before reasons were asked</span>;
  return (
    <details>
      <summary className="cursor-pointer">
        {item.count === 1 ? '1 report' : `${item.count} reports`}:{' '}
        {item.reasons.map((r) => `${reportReasonNames[r.reason]}${r.count > 1 ? ` ×${r.count}` : ''}`).join(', ')}
      </summary>
      <ul className="mt-2 space-y-2 text-sm">
        {item.reports.map((r) => (
          <li key={r._id}>
            <span className="font-semibold">{r.reporter.name}</span> ({r.reporter.email}), <time dateTime={r.date}>{localDateTime(r.date)}</time>:{' '}
            {reportReasonNames[r.reason]}
            {r.text && <q className="block wrap-anywhere">{r.text}</q>}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The spec's Reported Items, grown into the Admin's queue: each phone's reports, and dismiss, warn the seller or delete. */
export default function ReportedItems() {
  const list = useReportQueueInfiniteQuery();
  const { rows, more } = paged(list);
  const [remove] = useDeleteProductMutation();
  const [dismiss] = useDismissReportsMutation();
  const [warn] = useWarnSellerMutation();
  const [suspend] = useSuspendSellerMutation();
  const { ask, dialog } = useConfirmDelete((id) => remove(id).unwrap());
  const [act, setAct] = useState<Act | null>(null);

  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold">Reported Items</h1>
      <DataTable
        caption="Reported products"
        columns={['Product image', 'Product name', 'Seller name', 'Reports', 'Act', 'delete']}
        rows={rows}
        loading={list.isLoading}
        more={more}
        empty="no reported product found"
        rowKey={(item) => item.product._id}
        cells={(item) => {
          const p = item.product;
          return [
            <img src={p.img} alt={p.productName} width="48" height="48" className="h-12 w-12 rounded-lg object-cover" loading="lazy" />,
            p.productName,
            p.sellerId.name,
            <Reports item={item} />,
            <div className="flex flex-wrap gap-2">
              {(Object.keys(questions) as Act['kind'][]).map((kind) => (
                <button
                  key={kind}
                  type="button"
                  className="btn btn-outline btn-xs"
                  onClick={() => setAct({ kind, phone: item })}
                  aria-label={`${questions[kind].button} ${p.productName}`}
                >
                  {questions[kind].label}
                </button>
              ))}
            </div>,
            <DeleteButton label={`Delete ${p.productName}`} onClick={() => ask(p._id)} />,
          ];
        }}
      />
      {dialog}
      <ReasonDialog
        key={act ? `${act.kind}-${act.phone.product._id}` : 'none'}
        open={act !== null}
        title={questions[act?.kind ?? 'dismiss'].title}
        text={act ? questions[act.kind].text(act.phone) : ''}
        confirmLabel={questions[act?.kind ?? 'dismiss'].confirm}
        onCancel={() => setAct(null)}
        onConfirm={async (reason) => {
          if (!act) return;
          const id = act.phone.product._id;
          setAct(null);
          if (act.kind === 'warn') await attempt(() => warn({ id, reason }).unwrap(), 'Warning sent to the seller');
          else if (act.kind === 'suspend') await attempt(() => suspend({ id: act.phone.product.sellerId._id, reason }).unwrap(), 'Seller suspended');
          else await attempt(() => dismiss({ id, reason }).unwrap(), 'Reports dismissed');
        }}
      />
    </section>
  );
}
