import { notify } from '../../../lib/notify.ts';
import { DataTable } from '../../../components/data-table.tsx';
import { DeleteButton, useConfirmDelete } from '../../../components/use-confirm-delete.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { useAllSellersInfiniteQuery, useDeleteUserMutation, useVerifySellerMutation } from '../api.ts';
import { paged } from '../../../lib/pages.ts';
import { Avatar } from './avatar.tsx';

export default function AllSellers() {
  const list = useAllSellersInfiniteQuery();
  const { rows, more } = paged(list);
  const [verify] = useVerifySellerMutation();
  const [remove] = useDeleteUserMutation();
  const { ask, dialog } = useConfirmDelete((id) => remove(id).unwrap());

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
        columns={['Image', 'Name', 'Email', 'Verification', 'Delete']}
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
          <DeleteButton label={`Delete ${u.name}`} onClick={() => ask(u._id)} />,
        ]}
      />
      {dialog}
    </section>
  );
}
