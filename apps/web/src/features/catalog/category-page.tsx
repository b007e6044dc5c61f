import { useParams, useSearchParams } from 'react-router';
import { keepScroll } from '../../components/scroll-restoration.tsx';
import { useT } from '../../lib/i18n.ts';
import { paged } from '../../lib/pages.ts';
import { useCategoriesQuery } from '../../lib/shared-api.ts';
import { useCategoryProductsInfiniteQuery } from './api.ts';
import { useSearchFacetsQuery, useSearchProductsInfiniteQuery, type SearchArgs } from './search-api.ts';
import { FilterPanel } from './filter-panel.tsx';
import { NoMatch, ResultList, ResultsBar, SortSelect } from './search-filters.tsx';
import { readSearch, writeSearch } from './search-params.ts';
import { usePageTitle } from '../../components/use-page-title.ts';

const sorts = ['newest', 'price_asc', 'price_desc', 'best_deal'] as const;

/**
 * /category/:id: one brand's phones with the search's filters and sorts, every choice in the URL
 * (decision 021). Without a choice it is the plain list, newest first, whose first page came with
 * the HTML; with one, the search (GET /api/products) with the brand fixed.
 */
export function CategoryPage() {
  const { id = '' } = useParams();
  const t = useT('catalog');
  const [params, setParams] = useSearchParams();
  // The brand is the page's own, and the category page has no text search.
  const { q: _q, category: _brands, ...args } = readSearch(params);
  const chosen = Object.keys(args).length > 0;
  const plain = useCategoryProductsInfiniteQuery(id, { skip: chosen });
  const searched = useSearchProductsInfiniteQuery({ ...args, category: [id] }, { skip: !chosen });
  const facets = useSearchFacetsQuery({ category: [id] }, { skip: chosen });
  const result = chosen ? searched : plain;
  const meta = chosen ? searched.data?.pages[0]?.meta : facets.data;
  // What the filters chosen find: undefined while it is asked (the facets above stay the last answer's meanwhile).
  const total = chosen ? searched.currentData?.pages[0]?.meta.total : facets.currentData?.total;
  const { rows, more } = paged(result);
  const { data: categories = [] } = useCategoriesQuery();
  const name = categories.find((c) => c._id === id)?.category;
  const change = (next: SearchArgs) => setParams(writeSearch(next), { state: keepScroll });
  usePageTitle(name && t('pageTitle.category', { brand: name }));

  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="mb-6 text-2xl font-bold">{name ? t('category.title', { brand: name }) : t('category.phones')}</h1>
      <div className="grid gap-6 md:grid-cols-[16rem_1fr]">
        <FilterPanel args={args} meta={meta} onChange={change} brands={false} total={total} results="results" />
        <section id="results" tabIndex={-1} aria-label={t('results.label')} className="outline-none">
          <ResultsBar total={meta?.total}>
            <SortSelect sorts={sorts} value={args.sort ?? 'newest'} onChange={(sort) => change({ ...args, sort })} />
          </ResultsBar>
          <ResultList
            loading={result.isLoading}
            rows={rows}
            more={more}
            empty={
              chosen ? (
                <NoMatch args={args} meta={meta} onChange={change} />
              ) : (
                <p className="py-16 text-center text-2xl font-semibold text-base-content/70">{t('category.noProduct')}</p>
              )
            }
          />
        </section>
      </div>
    </main>
  );
}
