import { DataTable } from '../../../components/data-table.tsx';
import { DeleteButton, useConfirmDelete } from '../../../components/use-confirm-delete.tsx';
import { useState } from 'react';
import type { User } from '@market/contract';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { attempt } from '../../../lib/attempt.ts';
import { translate, useT } from '../../../lib/i18n.ts';
import { useAllSellersInfiniteQuery, useDeleteUserMutation, useReinstateSellerMutation, useSuspendSellerMutation, useVerifySellerMutation } from './api.ts';
import { paged } from '../../../lib/pages.ts';
import { Avatar } from './avatar.tsx';

export default function AllSellers() {
  const t = useT('admin');
  const list = useAllSellersInfiniteQuery();
  const { rows, more } = paged(list);
  const [verify] = useVerifySellerMutation();
  const [remove] = useDeleteUserMutation();
  const { ask, dialog } = useConfirmDelete((id) => remove(id).unwrap());
  const [suspend] = useSuspendSellerMutation();
  const [reinstate] = useReinstateSellerMutation();
  /** The seller whose suspension is being set or lifted (issue 16): asked why first. */
  const [moderating, setModerating] = useState<User | null>(null);
  const lifting = moderating?.suspended === true;

  const onVerify = (id: string) => attempt(() => verify(id).unwrap(), translate('sellers.verifiedToast'));

  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold">{t('sellers.title')}</h1>
      <DataTable
        caption={t('sellers.caption')}
        columns={[t('users.image'), t('users.name'), t('sellers.email'), t('sellers.verification'), t('sellers.suspension'), t('sellers.deleteColumn')]}
        rows={rows}
        loading={list.isLoading}
        more={more}
        empty={t('sellers.empty')}
        rowKey={(u) => u._id}
        cells={(u) => [
          <Avatar src={u.userImg} name={u.name} />,
          u.name,
          u.email,
          u.sellerVerified ? (
            <span className="badge badge-info text-white">{t('sellers.verified')}</span>
          ) : (
            <button type="button" className="btn btn-primary btn-xs" onClick={() => onVerify(u._id)} aria-label={t('sellers.verifyName', { name: u.name })}>
              {t('sellers.verify')}
            </button>
          ),
          u.suspended ? (
            <div className="flex flex-wrap items-center gap-2">
              <span className="badge badge-error text-white">{t('sellers.suspended')}</span>
              <button
                type="button"
                className="btn btn-outline btn-xs"
                onClick={() => setModerating(u)}
                aria-label={t('sellers.reinstateName', { name: u.name })}
              >
                {t('sellers.reinstate')}
              </button>
            </div>
          ) : (
            <button type="button" className="btn btn-outline btn-xs" onClick={() => setModerating(u)} aria-label={t('sellers.suspendName', { name: u.name })}>
              {t('sellers.suspend')}
            </button>
          ),
          <DeleteButton label={t('users.deleteName', { name: u.name })} onClick={() => ask(u._id)} />,
        ]}
      />
      {dialog}
      <ReasonDialog
        key={moderating?._id ?? 'none'}
        open={moderating !== null}
        title={t(lifting ? 'sellers.reinstateTitle' : 'sellers.suspendTitle')}
        text={moderating ? t(lifting ? 'sellers.reinstateText' : 'sellers.suspendText', { name: moderating.name }) : ''}
        confirmLabel={t(lifting ? 'sellers.reinstate' : 'sellers.suspend')}
        onCancel={() => setModerating(null)}
        onConfirm={async (reason) => {
          if (!moderating) return;
          const id = moderating._id;
          setModerating(null);
          if (lifting) await attempt(() => reinstate({ id, reason }).unwrap(), translate('sellers.reinstatedToast'));
          else await attempt(() => suspend({ id, reason }).unwrap(), translate('moderation.sellerSuspended'));
        }}
      />
    </section>
  );
}
