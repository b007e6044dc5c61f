import { searchSorts } from '@market/contract/rules';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { keepScroll } from '../../components/scroll-restoration.tsx';
import { useT } from '../../lib/i18n.ts';
import { paged } from '../../lib/pages.ts';
import { useSearchProductsInfiniteQuery, type SearchArgs } from './search-api.ts';
import { SearchField } from './search-field.tsx';
import { FilterPanel } from './filter-panel.tsx';
import { NoMatch, ResultList, ResultsBar, SortSelect } from './search-filters.tsx';
import { readSearch, writeSearch } from './search-params.ts';
import { AlertMe } from './alert-me.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';

/** /search: text, brand, condition, price, area, verified sellers, storage and battery health, every choice in the URL. */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const t = useT('catalog');
  const args = readSearch(params);
  const result = useSearchProductsInfiniteQuery(args);
  const { rows, more } = paged(result);
  const meta = result.data?.pages[0]?.meta;
  // What the filters chosen find: undefined while it is asked (the facets above stay the last answer's meanwhile).
  const total = result.currentData?.pages[0]?.meta.total;
  const change = (next: SearchArgs) => setParams(writeSearch(next), { state: keepScroll });
  usePageTitle(args.q ? t('pageTitle.search', { query: args.q }) : t('pageTitle.searchAll'));

  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="mb-4 text-2xl font-bold">{args.q ? t('searchPage.matching', { q: args.q }) : t('nav.searchPhones')}</h1>
      <TextSearch key={args.q ?? ''} value={args.q ?? ''} onSearch={(q) => change({ ...args, q: q || undefined })} />
      <div className="mt-6 grid gap-6 md:grid-cols-[16rem_1fr]">
        <FilterPanel args={args} meta={meta} onChange={change} total={total} results="results" />
        <section id="results" tabIndex={-1} aria-label={t('results.label')} className="outline-none">
          <ResultsBar total={meta?.total}>
            <AlertMe args={args} />
            <SortSelect
              sorts={args.q ? searchSorts : searchSorts.filter((s) => s !== 'relevance')}
              value={args.sort ?? (args.q ? 'relevance' : 'newest')}
              onChange={(sort) => change({ ...args, sort })}
            />
          </ResultsBar>
          <ResultList loading={result.isLoading} rows={rows} more={more} empty={<NoMatch args={args} meta={meta} onChange={change} />} />
        </section>
      </div>
    </main>
  );
}

function TextSearch({ value, onSearch }: { value: string; onSearch(q: string): void }) {
  const [text, setText] = useState(value);
  const t = useT('catalog');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" onSubmit={submit} className="flex gap-2">
      <SearchField className="flex-1" value={text} onChange={setText} onSearch={onSearch} placeholder={t('searchPage.placeholder')} />
      <button type="submit" className="btn btn-primary">
        {t('searchPage.submit')}
      </button>
    </form>
  );
}
