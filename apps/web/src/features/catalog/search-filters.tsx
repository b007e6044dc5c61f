import type { SearchAnswer, SearchSort } from '@market/contract';
import type { Product } from '@market/contract';
import { storageSizes } from '@market/contract/rules';
import { findDistrict, findDivision } from '@market/contract/places';
import { useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { conditionName, digits, storageLabel } from '../../components/listing-words.ts';
import { DistrictSelect, DivisionSelect } from '../../components/places.tsx';
import { LoadMore } from '../../components/load-more.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { number } from '../../lib/format.ts';
import { currentLang, translate, useT, type Key } from '../../lib/i18n.ts';
import type { More } from '../../lib/pages.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { ProductGrid } from './product-grid.tsx';
import { PriceRange } from './price-range.tsx';
import type { SearchArgs } from './search-api.ts';

const sortLabels: Record<SearchSort, Key<'catalog'>> = {
  relevance: 'sort.relevance',
  newest: 'sort.newest',
  price_asc: 'sort.priceAsc',
  price_desc: 'sort.priceDesc',
  best_deal: 'sort.bestDeal',
};

export function SortSelect({ sorts, value, onChange }: { sorts: readonly SearchSort[]; value: SearchSort; onChange(sort: SearchSort): void }) {
  const t = useT('catalog');
  return (
    <label className="flex items-center gap-2 text-sm">
      {t('sort.label')}
      <select className="select select-bordered select-sm" value={value} onChange={(e) => onChange(e.target.value as SearchSort)}>
        {sorts.map((s) => (
          <option key={s} value={s}>
            {t(sortLabels[s])}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The phones found and 'Load more'; while the first page loads, a spinner; without any, `empty`. */
export function ResultList({ loading, rows, more, empty }: { loading: boolean; rows: Product[] | undefined; more: More; empty: ReactNode }) {
  const t = useT('catalog');
  if (loading) return <Spinner label={t('products.loading')} />;
  if (!rows || rows.length === 0) return empty;
  return (
    <>
      <ProductGrid products={rows} />
      <LoadMore more={more} />
    </>
  );
}

/** Above the results: how many phones match, and the sort. */
export function ResultsBar({ total, children }: { total: number | undefined; children: ReactNode }) {
  const t = useT('catalog');
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <p role="status" className="font-semibold">
        {total === undefined ? '' : t('results.count', { count: total, shown: digits(total) })}
      </p>
      {children}
    </div>
  );
}

export type Meta = SearchAnswer['meta'] | undefined;

/** A filter's values as checkboxes (`name`: its URL parameter, for the plain form), each with its count of matches when the facets give one. */
function Checks<T extends string>(props: {
  legend: string;
  name: string;
  values: { value: T; label: string; count?: number }[];
  chosen: T[] | undefined;
  onChange(next: T[]): void;
}) {
  const toggle = (value: T) => {
    const set = new Set(props.chosen ?? []);
    if (set.has(value)) set.delete(value);
    else set.add(value);
    props.onChange([...set]);
  };
  return (
    <fieldset>
      <legend className="mb-2 font-semibold">{props.legend}</legend>
      {props.values.map((v) => (
        <label key={v.value} className="flex min-h-11 cursor-pointer items-center gap-3">
          <input
            type="checkbox"
            className="checkbox checkbox-sm"
            name={props.name}
            value={v.value}
            checked={props.chosen?.includes(v.value) ?? false}
            onChange={() => toggle(v.value)}
          />
          <span className="flex-1">{v.label}</span>
          {v.count !== undefined && <span className="text-sm text-base-content/75">{digits(v.count)}</span>}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The filters, each applied as it is chosen (a box's text on Enter, or as it is left). Before the app runs they are a
 * plain GET form of the page's own address, each control named by its URL parameter (search-params.ts reads them) and
 * sent by 'Show phones' (issue 35): the server draws the phones it finds.
 */
export function Filters({ args, meta, onChange, brands = true }: { args: SearchArgs; meta: Meta; onChange(next: SearchArgs): void; brands?: boolean }) {
  const t = useT('catalog');
  const { pathname } = useLocation();
  const hydrated = useHydrated();
  return (
    <form method="get" action={pathname} className="space-y-5 p-4" onSubmit={(e) => e.preventDefault()}>
      {/* What the form does not show, kept: the search's words and its order. */}
      {args.q && <input type="hidden" name="q" value={args.q} />}
      {args.sort && <input type="hidden" name="sort" value={args.sort} />}
      {brands && (
        <Checks
          legend={t('filters.brand')}
          name="category"
          values={(meta?.facets.categories ?? []).map((c) => ({ value: c._id, label: c.category, count: c.count }))}
          chosen={args.category}
          onChange={(category) => onChange({ ...args, category })}
        />
      )}
      <Checks
        legend={t('listing.condition')}
        name="condition"
        values={(meta?.facets.conditions ?? []).map((c) => ({ value: c.condition, label: conditionName(c.condition), count: c.count }))}
        chosen={args.condition}
        onChange={(condition) => onChange({ ...args, condition })}
      />
      <Checks
        legend={t('listing.storage')}
        name="storage"
        values={storageSizes.map((gb) => ({ value: String(gb), label: storageLabel(gb) }))}
        chosen={args.storage?.map(String)}
        onChange={(sizes) => onChange({ ...args, storage: sizes.map(Number).sort((a, b) => a - b) })}
      />
      <BatteryFilter args={args} onChange={onChange} />
      <PriceRange key={`${args.minPrice}-${args.maxPrice}`} args={args} track={meta?.facets.price} onChange={onChange} />
      <PlaceFilter args={args} onChange={onChange} />
      <AreaFilter key={args.location ?? ''} args={args} onChange={onChange} />
      <label className="flex min-h-11 cursor-pointer items-center gap-3">
        <input
          type="checkbox"
          className="checkbox checkbox-sm"
          name="verified"
          value="true"
          checked={args.verified === 'true'}
          onChange={(e) => onChange({ ...args, verified: e.target.checked ? 'true' : undefined })}
        />
        {t('filters.verified')}
      </label>
      {/* Once the app runs, each choice applies at once: the button is only the plain form's. */}
      {!hydrated && (
        <button type="submit" className="btn btn-primary w-full">
          {t('filters.apply')}
        </button>
      )}
    </form>
  );
}

/** The battery health choices: at least this percentage. */
const batteryLevels = [70, 80, 90, 95];

/** Battery health at least a percentage; one from a shared link that is not among the choices is offered too. */
function BatteryFilter({ args, onChange }: { args: SearchArgs; onChange(next: SearchArgs): void }) {
  const chosen = args.minBattery;
  const t = useT('catalog');
  const levels = chosen === undefined || batteryLevels.includes(chosen) ? batteryLevels : [...batteryLevels, chosen].sort((a, b) => a - b);
  return (
    <label className="block">
      <span className="mb-2 block font-semibold">{t('listing.batteryHealth')}</span>
      <select
        className="select select-bordered select-sm w-full"
        name="minBattery"
        value={chosen ?? ''}
        onChange={(e) => onChange({ ...args, minBattery: e.target.value ? Number(e.target.value) : undefined })}
      >
        <option value="">{t('filters.any')}</option>
        {levels.map((n) => (
          <option key={n} value={n}>
            {t('filters.atLeast', { percent: number(n) })}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The division, then a district of it (issue 34): each applied as chosen; a district chosen first brings its division along. */
function PlaceFilter({ args, onChange }: { args: SearchArgs; onChange(next: SearchArgs): void }) {
  const t = useT('catalog');
  const division = args.division ?? (args.district ? findDistrict(args.district)?.division.id : undefined);
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 block font-semibold">{t('place.filterLabel')}</legend>
      <DivisionSelect
        aria-label={t('place.divisionLabel')}
        name="division"
        className="select select-bordered select-sm w-full"
        placeholder={t('place.anyDivision')}
        value={division ?? ''}
        onChange={(e) => onChange({ ...args, division: e.target.value || undefined, district: undefined })}
      />
      <DistrictSelect
        aria-label={t('place.districtLabel')}
        name="district"
        className="select select-bordered select-sm w-full"
        placeholder={t('place.anyDistrict')}
        division={division}
        value={args.district ?? ''}
        onChange={(e) => {
          const district = e.target.value || undefined;
          onChange({ ...args, district, division: district ? findDistrict(district)?.division.id : division });
        }}
      />
    </fieldset>
  );
}

/** The area: applied by Enter (which, before the app runs, sends the plain form), or when the box is left with a changed text. */
function AreaFilter({ args, onChange }: { args: SearchArgs; onChange(next: SearchArgs): void }) {
  const [area, setArea] = useState(args.location ?? '');
  const t = useT('catalog');
  const apply = () => {
    const location = area.trim() || undefined;
    if (location !== args.location) onChange({ ...args, location });
  };
  return (
    <label className="block">
      <span className="mb-2 block font-semibold">{t('filters.area')}</span>
      <input
        className="input input-bordered input-sm w-full"
        name="location"
        placeholder={t('filters.areaExample')}
        value={area}
        onChange={(e) => setArea(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
          e.preventDefault();
          apply();
        }}
        onBlur={apply}
      />
    </label>
  );
}

/** The place chosen, in the page's language: the district's name, or else the division's. */
function placeLabel(args: SearchArgs): string {
  const lang = currentLang();
  const place = (args.district && findDistrict(args.district)) || (args.division && findDivision(args.division));
  return place ? (lang === 'bn' ? place.bn : place.en) : '';
}

/** What taking a filter away would do: its label, the search without it, and how many phones that finds when the facets tell. */
interface Drop {
  label: string;
  next: SearchArgs;
  finds: number | null;
}

/** The filters in use, each with what removing it brings back, the one that brings back most first (the narrowest). Its labels are in the current language. */
export function drops(args: SearchArgs, meta: Meta): Drop[] {
  const sum = (counts: { count: number }[] | undefined) => (counts ? counts.reduce((n, c) => n + c.count, 0) : null);
  const brands = args.category ?? [];
  const brandName = (id: string) => meta?.facets.categories.find((c) => c._id === id)?.category ?? translate('noMatch.brand');
  const list: Drop[] = [
    // Each facet counts without its own filter: the brand facet's sum is what removing the brand filter finds.
    ...(brands.length > 0
      ? [
          {
            label: brands.length === 1 ? brandName(brands[0]!) : translate('noMatch.brandFilter'),
            next: { ...args, category: undefined },
            finds: sum(meta?.facets.categories),
          },
        ]
      : []),
    ...(args.condition?.length
      ? [
          {
            label: args.condition.length === 1 ? conditionName(args.condition[0]!) : translate('noMatch.conditionFilter'),
            next: { ...args, condition: undefined },
            finds: sum(meta?.facets.conditions),
          },
        ]
      : []),
    ...(args.minPrice !== undefined || args.maxPrice !== undefined
      ? [{ label: translate('noMatch.priceRange'), next: { ...args, minPrice: undefined, maxPrice: undefined }, finds: null }]
      : []),
    ...(args.location ? [{ label: translate('noMatch.area', { area: args.location }), next: { ...args, location: undefined }, finds: null }] : []),
    ...(args.division || args.district ? [{ label: placeLabel(args), next: { ...args, division: undefined, district: undefined }, finds: null }] : []),
    ...(args.verified ? [{ label: translate('noMatch.verified'), next: { ...args, verified: undefined }, finds: null }] : []),
    ...(args.storage?.length
      ? [
          {
            label: args.storage.length === 1 ? storageLabel(args.storage[0]!) : translate('noMatch.storageFilter'),
            next: { ...args, storage: undefined },
            finds: null,
          },
        ]
      : []),
    ...(args.minBattery !== undefined
      ? [{ label: translate('noMatch.battery', { percent: number(args.minBattery) }), next: { ...args, minBattery: undefined }, finds: null }]
      : []),
  ];
  // Known gains first, most first; unknown ones after; a removal known to find nothing last.
  const rank = (d: Drop) => (d.finds === null ? 0 : d.finds === 0 ? -1 : d.finds);
  return list.sort((a, b) => rank(b) - rank(a));
}

/** No phone matches: say so, and offer to drop each filter in use, the narrowest first, with what it brings back. */
export function NoMatch({ args, meta, onChange }: { args: SearchArgs; meta: Meta; onChange(next: SearchArgs): void }) {
  const t = useT('catalog');
  const offers = drops(args, meta);
  return (
    <div className="py-12 text-center">
      <p className="text-xl font-semibold">{t('noMatch.title')}</p>
      {offers.length > 0 && (
        <div className="mt-4 flex flex-wrap justify-center gap-2">
          {offers.map((d, i) => (
            <button key={d.label} type="button" className={`btn btn-sm ${i === 0 ? 'btn-primary' : 'btn-outline'}`} onClick={() => onChange(d.next)}>
              {d.finds ? t('noMatch.removeFinds', { label: d.label, count: d.finds, shown: digits(d.finds) }) : t('noMatch.remove', { label: d.label })}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
