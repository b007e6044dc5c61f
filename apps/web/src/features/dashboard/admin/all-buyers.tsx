import { DataTable } from '../../../components/data-table.tsx';
import { DeleteButton, useConfirmDelete } from '../../../components/use-confirm-delete.tsx';
import { useT } from '../../../lib/i18n.ts';
import { useAllBuyersInfiniteQuery, useDeleteUserMutation } from './api.ts';
import { paged } from '../../../lib/pages.ts';
import { Avatar } from './avatar.tsx';
import { useSuspension } from './suspension.tsx';
import { UserSearch, useUserQuery } from './user-search.tsx';

export default function AllBuyers() {
  const t = useT('admin');
  const list = useAllBuyersInfiniteQuery(useUserQuery());
  const { rows, more } = paged(list);
  const [remove] = useDeleteUserMutation();
  const { ask, dialog } = useConfirmDelete((id) => remove(id).unwrap());
  const suspension = useSuspension('Buyer');
  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold">{t('buyers.title')}</h1>
      <UserSearch />
      <DataTable
        caption={t('buyers.caption')}
        columns={[t('users.image'), t('users.name'), t('buyers.email'), t('users.suspension'), t('buyers.deleteColumn')]}
        rows={rows}
        loading={list.isLoading}
        more={more}
        empty={t('buyers.empty')}
        rowKey={(u) => u._id}
        cells={(u) => [
          <Avatar src={u.userImg} name={u.name} />,
          u.name,
          u.email,
          suspension.cell(u),
          <DeleteButton label={t('users.deleteName', { name: u.name })} onClick={() => ask(u._id)} />,
        ]}
      />
      {dialog}
      {suspension.dialog}
    </section>
  );
}
