import type { UnlistedModel } from '@market/contract';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table.tsx';
import { localDateTime, number } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { useCategoriesQuery } from '../../../lib/shared-api.ts';
import { storageLabel } from '../../../components/listing-words.ts';
import { usePhoneModelsQuery } from '../api.ts';
import { findModels } from '../model-search.ts';
import { AliasDialog, NewModelDialog } from './model-dialogs.tsx';
import { useUnlistedModelsQuery } from './models-api.ts';

/**
 * The model catalogue (issue 34): the names sellers typed as not in the list, the most listed first, each added as a
 * model or as another name of one; a new model; and the catalogue searched as the listing form searches it.
 */
export default function PhoneModels() {
  const t = useT('admin');
  const { data: unlisted = [], isLoading } = useUnlistedModelsQuery(undefined, { refetchOnMountOrArgChange: true });
  const { data: models = [] } = usePhoneModelsQuery();
  const { data: categories = [] } = useCategoriesQuery();
  const [adding, setAdding] = useState<UnlistedModel | 'blank' | null>(null);
  const [aliasOf, setAliasOf] = useState<UnlistedModel | null>(null);
  const [search, setSearch] = useState('');
  const found = findModels(models, search, '', 20);

  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t('models.title')}</h1>
        <button type="button" className="btn btn-primary btn-sm" onClick={() => setAdding('blank')}>
          {t('models.addModel')}
        </button>
      </div>
      <p className="max-w-3xl text-sm">{t('models.intro', { count: models.length, shown: number(models.length) })}</p>
      <div>
        <h2 className="mb-2 text-xl font-semibold">{t('models.unlisted')}</h2>
        <DataTable
          caption={t('models.unlisted')}
          columns={[
            { label: t('models.brand') },
            { label: t('models.typed') },
            { label: t('models.listings') },
            { label: t('models.firstSeen'), className: 'whitespace-nowrap' },
            { label: t('models.actions') },
          ]}
          rows={unlisted}
          loading={isLoading}
          empty={t('models.unlistedEmpty')}
          rowKey={(u) => `${u.brand._id}:${u.name}`}
          cells={(u) => [
            u.brand.category,
            <span className="font-medium">{u.name}</span>,
            number(u.listings),
            <time dateTime={u.firstSeen}>{localDateTime(u.firstSeen)}</time>,
            <div className="flex flex-wrap gap-2">
              <button type="button" className="btn btn-primary btn-xs min-h-8" onClick={() => setAdding(u)}>
                {t('models.addAsModel')}
              </button>
              <button type="button" className="btn btn-outline btn-xs min-h-8" onClick={() => setAliasOf(u)}>
                {t('models.addAsAlias')}
              </button>
            </div>,
          ]}
        />
      </div>
      <div>
        <label className="form-control block max-w-md">
          <span className="label-text text-xl font-semibold">{t('models.search')}</span>
          <input type="search" className="input input-bordered w-full" value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>
        {search.trim() && (
          <DataTable
            caption={t('models.search')}
            columns={[{ label: t('models.brand') }, { label: t('models.model') }, { label: t('models.otherNames') }, { label: t('models.variantsShort') }]}
            rows={found}
            loading={false}
            empty={t('models.noneFound')}
            rowKey={(m) => m._id}
            cells={(m) => [
              m.brand.category,
              <>
                <span className="font-medium">{m.name}</span> <span lang="bn">{m.nameBn}</span>
              </>,
              m.aliases.join(', '),
              m.variants.map((v) => `${number(v.ramGb)}/${storageLabel(v.storageGb)}`).join(', '),
            ]}
          />
        )}
      </div>
      <NewModelDialog from={adding} categories={categories} onClose={() => setAdding(null)} />
      <AliasDialog from={aliasOf} models={models} onClose={() => setAliasOf(null)} />
    </section>
  );
}
