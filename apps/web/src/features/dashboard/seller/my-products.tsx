import { notify } from '../../../lib/notify.ts';
import { DataTable } from '../../../components/data-table.tsx';
import { DeleteButton, useConfirmDelete } from '../../../components/use-confirm-delete.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { taka } from '../../../lib/format.ts';
import { useAuth } from '../../../lib/use-auth.ts';
import { useAdvertiseProductMutation, useDeleteProductMutation, useSellerProductsInfiniteQuery } from '../api.ts';
import { paged } from '../../../lib/pages.ts';

export default function MyProducts() {
  const { user } = useAuth();
  const list = useSellerProductsInfiniteQuery(user?._id ?? '', { skip: !user });
  const { rows, more } = paged(list);
  const [advertise] = useAdvertiseProductMutation();
  const [remove] = useDeleteProductMutation();
  const { ask, dialog } = useConfirmDelete((id) => remove(id).unwrap());

  const onAdvertise = async (id: string) => {
    try {
      await advertise(id).unwrap();
      notify.success('advertise successful');
    } catch (err) {
      notify.error(errorMessage(err, 'Something went wrong'));
    }
  };

  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold">My Products</h1>
      <DataTable
        caption="My products"
        columns={[{ label: '', rowHeader: true }, 'Image', 'Name', { label: 'Price', className: 'whitespace-nowrap' }, 'Status', 'Advertise', 'Delete']}
        rows={rows}
        loading={list.isLoading}
        more={more}
        empty="no product found"
        rowKey={(p) => p._id}
        cells={(p, i) => [
          i + 1,
          <img src={p.img} alt={p.productName} width="48" height="48" className="h-12 w-12 rounded-lg object-cover" loading="lazy" />,
          p.productName,
          `${taka(p.resalePrice)} tk`,
          <span className={`badge ${p.status === 'available' ? 'badge-success' : 'badge-neutral'}`}>{p.status}</span>,
          p.status === 'available' && !p.advertise ? (
            <button type="button" className="btn btn-primary btn-xs" onClick={() => onAdvertise(p._id)}>
              Advertise
            </button>
          ) : p.advertise ? (
            <span className="badge badge-info">Advertised</span>
          ) : null,
          <DeleteButton label={`Delete ${p.productName}`} onClick={() => ask(p._id)} />,
        ]}
      />
      {dialog}
    </section>
  );
}
