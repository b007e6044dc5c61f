import { DataTable } from '../../../components/data-table.tsx';
import { useConfirmDelete } from '../../../components/use-confirm-delete.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { useAllBuyersQuery, useDeleteUserMutation } from '../api.ts';
import { Avatar } from './avatar.tsx';

export default function AllBuyers() {
  const { data, isLoading } = useAllBuyersQuery();
  const [remove] = useDeleteUserMutation();
  const { ask, dialog } = useConfirmDelete((id) => remove(id).unwrap(), (err) => errorMessage(err, 'Something went wrong'));
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
              <button type="button" className="btn btn-error btn-xs text-white" onClick={() => ask(u._id)} aria-label={`Delete ${u.name}`}>
                Delete
              </button>
            </td>
          </>
        )}
      />
      {dialog}
    </section>
  );
}
