import { notify } from '../../../lib/notify.ts';
import { DataTable } from '../../../components/data-table.tsx';
import { DeleteButton, useConfirmDelete } from '../../../components/use-confirm-delete.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { useState } from 'react';
import type { User } from '@market/contract';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { attempt } from '../../../lib/attempt.ts';
import { useAllSellersInfiniteQuery, useDeleteUserMutation, useReinstateSellerMutation, useSuspendSellerMutation, useVerifySellerMutation } from '../api.ts';
import { paged } from '../../../lib/pages.ts';
import { Avatar } from './avatar.tsx';

export default function AllSellers() {
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

  const onVerify = async (id: string) => {
    try {
      await verify(id).unwrap();
      notify.success('Seller verified successfully');
    } catch (err) {
      notify.error(errorMessage(err, 'Something went wrong'));
    }
  };

  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold">All Sellers</h1>
      <DataTable
        caption="All sellers"
        columns={['Image', 'Name', 'Email', 'Verification', 'Suspension', 'Delete']}
        rows={rows}
        loading={list.isLoading}
        more={more}
        empty="no sellers found"
        rowKey={(u) => u._id}
        cells={(u) => [
          <Avatar src={u.userImg} name={u.name} />,
          u.name,
          u.email,
          u.sellerVerified ? (
            <span className="badge badge-info text-white">Verified</span>
          ) : (
            <button type="button" className="btn btn-primary btn-xs" onClick={() => onVerify(u._id)} aria-label={`Verify ${u.name}`}>
              Verify
            </button>
          ),
          u.suspended ? (
            <div className="flex flex-wrap items-center gap-2">
              <span className="badge badge-error text-white">Suspended</span>
              <button type="button" className="btn btn-outline btn-xs" onClick={() => setModerating(u)} aria-label={`Reinstate ${u.name}`}>
                Reinstate
              </button>
            </div>
          ) : (
            <button type="button" className="btn btn-outline btn-xs" onClick={() => setModerating(u)} aria-label={`Suspend ${u.name}`}>
              Suspend
            </button>
          ),
          <DeleteButton label={`Delete ${u.name}`} onClick={() => ask(u._id)} />,
        ]}
      />
      {dialog}
      <ReasonDialog
        key={moderating?._id ?? 'none'}
        open={moderating !== null}
        title={lifting ? 'Reinstate this seller?' : 'Suspend this seller?'}
        text={
          lifting
            ? `${moderating?.name} can sign in again and their phones come back on the site.`
            : `${moderating?.name} is signed out and cannot sign in; their phones leave the site until you reinstate them.`
        }
        confirmLabel={lifting ? 'Reinstate' : 'Suspend'}
        onCancel={() => setModerating(null)}
        onConfirm={async (reason) => {
          if (!moderating) return;
          const id = moderating._id;
          setModerating(null);
          if (lifting) await attempt(() => reinstate({ id, reason }).unwrap(), 'Seller reinstated');
          else await attempt(() => suspend({ id, reason }).unwrap(), 'Seller suspended');
        }}
      />
    </section>
  );
}
