import { DataTable } from '../../../components/data-table.tsx';
import { DeleteButton, useConfirmDelete } from '../../../components/use-confirm-delete.tsx';
import { useAllBuyersInfiniteQuery, useDeleteUserMutation } from '../api.ts';
import { paged } from '../../../lib/pages.ts';
import { Avatar } from './avatar.tsx';

export default function AllBuyers() {
  const list = useAllBuyersInfiniteQuery();
  const { rows, more } = paged(list);
  const [remove] = useDeleteUserMutation();
  const { ask, dialog } = useConfirmDelete((id) => remove(id).unwrap());
  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold">All Buyers</h1>
      <DataTable
        caption="All buyers"
        columns={['Image', 'Name', 'email', 'delete']}
        rows={rows}
        loading={list.isLoading}
        more={more}
        empty="no buyers found"
        rowKey={(u) => u._id}
        cells={(u) => [<Avatar src={u.userImg} name={u.name} />, u.name, u.email, <DeleteButton label={`Delete ${u.name}`} onClick={() => ask(u._id)} />]}
      />
      {dialog}
    </section>
  );
}
