import { Link } from 'react-router';
import type { ReportedPhone } from '@market/contract';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table.tsx';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { reportReasonName } from '../../../components/listing-words.ts';
import { DeleteButton, useConfirmDelete } from '../../../components/use-confirm-delete.tsx';
import { attempt } from '../../../lib/attempt.ts';
import { localDateTime, number } from '../../../lib/format.ts';
import { translate, useT, type Key } from '../../../lib/i18n.ts';
import { paged } from '../../../lib/pages.ts';
import { useDeleteProductMutation } from '../api.ts';
import { useDismissReportsMutation, useReportQueueInfiniteQuery, useSuspendSellerMutation, useWarnSellerMutation } from './api.ts';

/** What an Admin may do to a reported phone besides deleting it: each asks why (issue 16). */
type Act = { kind: 'dismiss' | 'warn' | 'suspend'; phone: ReportedPhone };

/**
 * Each act: its button, the button's name ({phone}), then what it asks before it is done (its text
 * names the {phone} and its {seller}), and what it says once done.
 */
const questions: Record<Act['kind'], Record<'label' | 'button' | 'title' | 'confirm' | 'text' | 'done', Key<'admin'>>> = {
  dismiss: {
    label: 'reported.dismiss',
    button: 'reported.dismissOf',
    title: 'reported.dismissTitle',
    confirm: 'reported.dismiss',
    text: 'reported.dismissText',
    done: 'reported.dismissed',
  },
  warn: {
    label: 'reported.warn',
    button: 'reported.warnOf',
    title: 'reported.warnTitle',
    confirm: 'reported.warnConfirm',
    text: 'reported.warnText',
    done: 'reported.warned',
  },
  suspend: {
    label: 'reported.suspend',
    button: 'reported.suspendOf',
    title: 'reported.suspendTitle',
    confirm: 'users.suspend',
    text: 'reported.suspendText',
    done: 'moderation.sellerSuspended',
  },
};

/** The reports of one phone: how many of each reason, and each reporter's words. */
function Reports({ item }: { item: ReportedPhone }) {
  const t = useT('admin');
  if (item.count === 0) return <span className="text-sm">{t('reported.noReasons')}</span>;
  const reasons = item.reasons
    .map((r) => (r.count > 1 ? t('reported.reasonTimes', { reason: reportReasonName(r.reason), count: number(r.count) }) : reportReasonName(r.reason)))
    .join(', ');
  return (
    <details>
      <summary className="cursor-pointer">{t('reported.summary', { count: item.count, shown: number(item.count), reasons })}</summary>
      <ul className="mt-2 space-y-2 text-sm">
        {item.reports.map((r) => (
          <li key={r._id}>
            <span className="font-semibold">{r.reporter.name}</span> ({r.reporter.email}), <time dateTime={r.date}>{localDateTime(r.date)}</time>:{' '}
            {reportReasonName(r.reason)}
            {r.text && <q className="block wrap-anywhere">{r.text}</q>}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The spec's Reported Items, grown into the Admin's queue: each phone's reports, and dismiss, warn the seller or delete. */
export default function ReportedItems() {
  const t = useT('admin');
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
      <h1 className="mb-4 text-2xl font-bold">{t('reported.title')}</h1>
      <DataTable
        caption={t('reported.caption')}
        columns={[t('reported.image'), t('reported.name'), t('reported.seller'), t('reported.reports'), t('reported.act'), t('reported.deleteColumn')]}
        rows={rows}
        loading={list.isLoading}
        more={more}
        empty={t('reported.empty')}
        rowKey={(item) => item.product._id}
        cells={(item) => {
          const p = item.product;
          return [
            <img src={p.img} alt={p.productName} width="48" height="48" className="h-12 w-12 rounded-lg object-cover" loading="lazy" />,
            // The phone as buyers see it, to judge the reports by (issue 35).
            <Link to={`/detail-product/${p._id}`} className="link link-hover font-medium">
              {p.productName}
            </Link>,
            p.sellerId.name,
            <Reports item={item} />,
            <div className="flex flex-wrap gap-2">
              {(Object.keys(questions) as Act['kind'][]).map((kind) => (
                <button
                  key={kind}
                  type="button"
                  className="btn btn-outline btn-xs"
                  onClick={() => setAct({ kind, phone: item })}
                  aria-label={t(questions[kind].button, { phone: p.productName })}
                >
                  {t(questions[kind].label)}
                </button>
              ))}
            </div>,
            <DeleteButton label={t('reported.deletePhone', { phone: p.productName })} onClick={() => ask(p._id)} />,
          ];
        }}
      />
      {dialog}
      <ReasonDialog
        key={act ? `${act.kind}-${act.phone.product._id}` : 'none'}
        open={act !== null}
        title={t(questions[act?.kind ?? 'dismiss'].title)}
        text={act ? t(questions[act.kind].text, { phone: act.phone.product.productName, seller: act.phone.product.sellerId.name }) : ''}
        confirmLabel={t(questions[act?.kind ?? 'dismiss'].confirm)}
        onCancel={() => setAct(null)}
        onConfirm={async (reason) => {
          if (!act) return;
          const id = act.phone.product._id;
          setAct(null);
          const done = translate(questions[act.kind].done);
          if (act.kind === 'warn') await attempt(() => warn({ id, reason }).unwrap(), done);
          else if (act.kind === 'suspend') await attempt(() => suspend({ id: act.phone.product.sellerId._id, reason }).unwrap(), done);
          else await attempt(() => dismiss({ id, reason }).unwrap(), done);
        }}
      />
    </section>
  );
}
