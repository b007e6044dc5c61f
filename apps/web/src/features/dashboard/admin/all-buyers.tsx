import { DataTable } from '../../../components/data-table.tsx';
import { DeleteButton, useConfirmDelete } from '../../../components/use-confirm-delete.tsx';
import { useAllBuyersQuery, useDeleteUserMutation } from '../api.ts';
import { Avatar } from './avatar.tsx';

export default function AllBuyers() {
  const { data, isLoading } = useAllBuyersQuery();
  const [remove] = useDeleteUserMutation();
  const { ask, dialog } = useConfirmDelete((id) => remove(id).unwrap());
  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold">All Buyers</h1>
      <DataTable
        caption="All buyers"
        columns={['Image', 'Name', 'email', 'delete']}
        rows={data}
        loading={isLoading}
        empty="no buyers found"
        rowKey={(u) => u._id}
        row={(u) => (
          <>
            <td>
              <Avatar src={u.userImg} name={u.name} />
            </td>
            <td>{u.name}</td>
            <td>{u.email}</td>
            <td>
              <DeleteButton label={`Delete ${u.name}`} onClick={() => ask(u._id)} />
            </td>
          </>
        )}
      />
      {dialog}
    </section>
  );
}
