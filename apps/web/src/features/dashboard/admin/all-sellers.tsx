import type { SellerRow } from '@market/contract';
import { Fragment, useState, type ReactNode } from 'react';
import { DataTable } from '../../../components/data-table.tsx';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { DeleteButton, useConfirmDelete } from '../../../components/use-confirm-delete.tsx';
import { attempt } from '../../../lib/attempt.ts';
import { localDate, number } from '../../../lib/format.ts';
import { translate, useT } from '../../../lib/i18n.ts';
import { paged } from '../../../lib/pages.ts';
import { useAllSellersInfiniteQuery, useDeleteUserMutation, useVerifySellerMutation } from './api.ts';
import { Avatar } from './avatar.tsx';
import { useSuspension } from './suspension.tsx';
import { UserSearch, useUserQuery } from './user-search.tsx';

export default function AllSellers() {
  const t = useT('admin');
  const list = useAllSellersInfiniteQuery(useUserQuery());
  const { rows, more } = paged(list);
  const [verify] = useVerifySellerMutation();
  const [remove] = useDeleteUserMutation();
  const { ask, dialog } = useConfirmDelete((id) => remove(id).unwrap());
  const suspension = useSuspension('Seller');
  /** The seller about to be verified (issue 35, item 15): a badge buyers trust, so the Admin says why first. */
  const [verifying, setVerifying] = useState<SellerRow | null>(null);

  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold">{t('sellers.title')}</h1>
      <UserSearch />
      <DataTable
        caption={t('sellers.caption')}
        columns={[
          t('users.image'),
          t('users.name'),
          t('sellers.email'),
          { label: t('sellers.record'), className: 'sm:min-w-64' },
          t('sellers.verification'),
          t('users.suspension'),
          t('sellers.deleteColumn'),
        ]}
        rows={rows}
        loading={list.isLoading}
        more={more}
        empty={t('sellers.empty')}
        rowKey={(u) => u._id}
        cells={(u) => [
          <Avatar src={u.userImg} name={u.name} />,
          u.name,
          u.email,
          <SellerRecord seller={u} />,
          u.sellerVerified ? (
            <span className="badge badge-info text-white">{t('sellers.verified')}</span>
          ) : (
            <button
              type="button"
              className="btn btn-primary btn-xs whitespace-nowrap"
              onClick={() => setVerifying(u)}
              aria-label={t('sellers.verifyName', { name: u.name })}
            >
              {t('sellers.verify')}
            </button>
          ),
          suspension.cell(u),
          <DeleteButton label={t('users.deleteName', { name: u.name })} onClick={() => ask(u._id)} />,
        ]}
      />
      {dialog}
      {suspension.dialog}
      <ReasonDialog
        key={verifying?._id ?? 'none'}
        open={verifying !== null}
        title={t('sellers.verifyTitle')}
        text={verifying ? t('sellers.verifyText', { name: verifying.name }) : ''}
        confirmLabel={t('sellers.verify')}
        onCancel={() => setVerifying(null)}
        onConfirm={async (reason) => {
          if (!verifying) return;
          const id = verifying._id;
          setVerifying(null);
          await attempt(() => verify({ id, reason }).unwrap(), translate('sellers.verifiedToast'));
        }}
      />
    </section>
  );
}

/** What a verification is judged by (issue 35, item 15): since when, listings, completed sales, reports, the bKash number. */
function SellerRecord({ seller: u }: { seller: SellerRow }) {
  const t = useT('admin');
  const facts: Array<[string, ReactNode]> = [
    [t('sellers.joined'), <time dateTime={u.memberSince}>{localDate(u.memberSince)}</time>],
    [t('sellers.listings'), t('sellers.listingsCount', { live: number(u.liveListings), all: number(u.listings) })],
    [t('sellers.sales'), number(u.completedSales)],
    [t('sellers.reports'), number(u.reports)],
    [t('sellers.number'), t(u.numberConfirmed ? 'sellers.numberConfirmed' : 'sellers.numberUnconfirmed')],
  ];
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-3 text-sm">
      {facts.map(([term, value]) => (
        <Fragment key={term}>
          <dt className="text-base-content/75">{term}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
