import { DataTable } from '../../../components/data-table.tsx';
import { DeleteButton, useConfirmDelete } from '../../../components/use-confirm-delete.tsx';
import { useDeleteProductMutation, useReportedProductsInfiniteQuery } from '../api.ts';
import { paged } from '../../../lib/pages.ts';

export default function ReportedItems() {
  const list = useReportedProductsInfiniteQuery();
  const { rows, more } = paged(list);
  const [remove] = useDeleteProductMutation();
  const { ask, dialog } = useConfirmDelete((id) => remove(id).unwrap());
  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold">Reported Items</h1>
      <DataTable
        caption="Reported products"
        columns={['Product image', 'Product name', 'Seller name', 'delete']}
        rows={rows}
        loading={list.isLoading}
        more={more}
        empty="no reported product found"
        rowKey={(p) => p._id}
        cells={(p) => [
          <img src={p.img} alt={p.productName} width="48" height="48" className="h-12 w-12 rounded-lg object-cover" loading="lazy" />,
          p.productName,
          p.sellerId.name,
          <DeleteButton label={`Delete ${p.productName}`} onClick={() => ask(p._id)} />,
        ]}
      />
      {dialog}
    </section>
  );
}
