import { DataTable } from '../../../components/data-table.tsx';
import { DeleteButton, useConfirmDelete } from '../../../components/use-confirm-delete.tsx';
import { useT } from '../../../lib/i18n.ts';
import { useAllBuyersInfiniteQuery, useDeleteUserMutation } from './api.ts';
import { paged } from '../../../lib/pages.ts';
import { Avatar } from './avatar.tsx';

export default function AllBuyers() {
  const t = useT('admin');
  const list = useAllBuyersInfiniteQuery();
  const { rows, more } = paged(list);
  const [remove] = useDeleteUserMutation();
  const { ask, dialog } = useConfirmDelete((id) => remove(id).unwrap());
  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold">{t('buyers.title')}</h1>
      <DataTable
        caption={t('buyers.caption')}
        columns={[t('users.image'), t('users.name'), t('buyers.email'), t('buyers.deleteColumn')]}
        rows={rows}
        loading={list.isLoading}
        more={more}
        empty={t('buyers.empty')}
        rowKey={(u) => u._id}
        cells={(u) => [
          <Avatar src={u.userImg} name={u.name} />,
          u.name,
          u.email,
          <DeleteButton label={t('users.deleteName', { name: u.name })} onClick={() => ask(u._id)} />,
        ]}
      />
      {dialog}
    </section>
  );
}
