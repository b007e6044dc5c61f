import type { HeldListing } from '@market/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table.tsx';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { attempt } from '../../../lib/attempt.ts';
import { localDateTime, priceTk } from '../../../lib/format.ts';
import { translate, useT, type Key } from '../../../lib/i18n.ts';
import { paged } from '../../../lib/pages.ts';
import { HeldSignals, SellerHistory } from './held-signals.tsx';
import { useApproveListingMutation, useHeldListingsInfiniteQuery, useRejectListingMutation } from './listing-checks-api.ts';

/** An Admin's decision on a held listing, asked first: an approval's reason may be left out, a rejection's may not. */
type Decision = { kind: 'approve' | 'reject'; held: HeldListing };

/** Each decision: its button and the button's name ({phone}), then its question (naming {phone} and {seller}), and what it says once done. */
const questions: Record<Decision['kind'], Record<'label' | 'button' | 'title' | 'text' | 'done', Key<'admin'>>> = {
  approve: { label: 'checks.approve', button: 'checks.approveOf', title: 'checks.approveTitle', text: 'checks.approveText', done: 'checks.approved' },
  reject: { label: 'checks.reject', button: 'checks.rejectOf', title: 'checks.rejectTitle', text: 'checks.rejectText', done: 'checks.rejected' },
};

/**
 * The listings waiting for a check (issue 36), oldest first: each with its photo, price and seller's history, why it
 * waits (a reused photo beside the other account's), and Approve or Reject, each asked first. A decided listing leaves
 * the queue (its answer asks the list again) and the toast says what was done.
 */
export default function ListingChecks() {
  const t = useT('admin');
  const list = useHeldListingsInfiniteQuery();
  const { rows, more } = paged(list);
  const [approve] = useApproveListingMutation();
  const [reject] = useRejectListingMutation();
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const kind = deciding?.kind ?? 'approve';
  // Approved while its seller's number is not confirmed (decision 062): it goes live once they confirm it, not now.
  const forNumber = kind === 'approve' && deciding?.held.signals.some((s) => s.code === 'number_unconfirmed') === true;
  const words = forNumber ? ({ ...questions.approve, text: 'checks.approveNumberText', done: 'checks.approvedNumber' } as const) : questions[kind];

  return (
    <section>
      <h1 className="mb-2 text-2xl font-bold">{t('checks.title')}</h1>
      <p className="mb-4 max-w-3xl text-sm">{t('checks.intro')}</p>
      <DataTable
        caption={t('checks.caption')}
        columns={[t('checks.photo'), t('checks.listing'), t('checks.seller'), t('checks.signals'), t('checks.decide')]}
        rows={rows}
        loading={list.isLoading}
        more={more}
        empty={t('checks.empty')}
        rowKey={(held) => held.product._id}
        cells={(held) => {
          const p = held.product;
          return [
            <img src={p.img} alt={p.productName} width="64" height="64" className="h-16 w-16 max-w-none rounded-lg object-cover" loading="lazy" />,
            <div className="max-w-xs space-y-1 text-sm wrap-anywhere">
              {/* The listing as its seller and Admins see it: every photo and word. */}
              <Link to={`/detail-product/${p._id}`} className="link link-hover block text-base font-medium">
                {p.productName}
              </Link>
              <span className="block font-semibold whitespace-nowrap">{priceTk(p.resalePrice)}</span>
              <span className="block text-base-content/75">{t('checks.heldAt', { date: localDateTime(held.heldAt) })}</span>
            </div>,
            <SellerHistory held={held} />,
            <HeldSignals held={held} />,
            <div className="flex flex-wrap gap-2">
              {(['approve', 'reject'] as const).map((k) => (
                <button
                  key={k}
                  type="button"
                  className={k === 'approve' ? 'btn btn-primary btn-xs min-h-8' : 'btn btn-outline btn-error btn-xs min-h-8'}
                  onClick={() => setDeciding({ kind: k, held })}
                  aria-label={t(questions[k].button, { phone: p.productName })}
                >
                  {t(questions[k].label)}
                </button>
              ))}
            </div>,
          ];
        }}
      />
      <ReasonDialog
        key={deciding ? `${deciding.kind}-${deciding.held.product._id}` : 'none'}
        open={deciding !== null}
        title={t(questions[kind].title)}
        text={deciding ? t(words.text, { phone: deciding.held.product.productName, seller: deciding.held.product.sellerId.name }) : ''}
        confirmLabel={t(questions[kind].label)}
        {...(kind === 'approve' ? { optional: true, label: t('checks.approveReason') } : { hint: t('checks.rejectHint') })}
        onCancel={() => setDeciding(null)}
        onConfirm={async (reason) => {
          if (!deciding) return;
          const id = deciding.held.product._id;
          setDeciding(null);
          const done = translate(words.done);
          if (deciding.kind === 'approve') await attempt(() => approve({ id, reason }).unwrap(), done);
          else await attempt(() => reject({ id, reason }).unwrap(), done);
        }}
      />
    </section>
  );
}
