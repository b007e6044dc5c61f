import type { ModelPrices } from '@market/contract';
import { Link, useParams } from 'react-router';
import { conditionName, storageLabel } from '../../components/listing-words.ts';
import { NotFound } from '../../components/not-found.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { localDay, number, priceBdt } from '../../lib/format.ts';
import { useLang, useT } from '../../lib/i18n.ts';
import { writeSearch } from '../../lib/search-url.ts';
import { useModelPricesQuery } from './prices-api.ts';
import { SalesChart } from './sales-chart.tsx';

/** Dhaka's day now ('YYYY-MM-DD'): Bangladesh is UTC+6 all year, and the sales' days are Dhaka's. */
const dhakaToday = () => new Date(Date.now() + 6 * 3_600_000).toISOString().slice(0, 10);

const counted = (count: number) => ({ count, shown: number(count) });

/**
 * /prices/:brand/:model, a model's public prices page (issue 34, decision 058): what it sold for here by storage and
 * condition (the guide), its sales over the last 90 days as a chart and as a table, and the way to its phones for
 * sale. Drawn on the server (a shared link and a search engine read it whole), in both languages.
 */
export function PricesPage() {
  const { brand = '', model = '' } = useParams();
  const t = useT('catalog');
  const lang = useLang();
  const { data, isLoading, isError } = useModelPricesQuery({ brand, model });
  const named = data && `${data.model.brand.category} ${data.model.name}`;
  usePageTitle(named && t('pageTitle.prices', { model: named }));

  if (isLoading) return <Spinner label={t('prices.loading')} />;
  if (isError || !data || !named) return <NotFound />;
  const { days } = data;
  const today = dhakaToday();

  return (
    <main className="mx-auto max-w-6xl space-y-10 px-4 py-8">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold">{t('prices.title', { model: named })}</h1>
        {lang === 'bn' && <p className="text-lg">{data.model.nameBn}</p>}
        <p className="max-w-3xl text-base-content/80">{t('prices.intro', { days: number(days) })}</p>
      </header>
      <GuideTable prices={data} />
      <section aria-labelledby="sales-heading" className="space-y-3">
        <h2 id="sales-heading" className="text-xl font-bold">
          {t('prices.chartTitle', { days: number(days) })}
        </h2>
        {data.sales.length === 0 ? (
          <p className="text-base-content/80">{t('prices.noSales', { days: number(days) })}</p>
        ) : (
          <>
            {/* A narrower drawing on phones: the wide one's words would shrink to a few pixels (only the one shown is read out). */}
            {[
              { width: 360, className: 'sm:hidden' },
              { width: 640, className: 'hidden sm:block' },
            ].map(({ width, className }) => (
              <div key={width} className={className}>
                <SalesChart sales={data.sales} days={days} today={today} width={width} label={t('prices.chartLabel', counted(data.sales.length))} />
              </div>
            ))}
            <SalesTable prices={data} />
          </>
        )}
      </section>
      <p>
        <Link className="btn btn-primary" to={data.forSale ? `/search?${writeSearch({ q: named })}` : `/category/${data.model.brand._id}`}>
          {t('prices.forSale', { ...counted(data.forSale), brand: data.model.brand.category })}
        </Link>
      </p>
    </main>
  );
}

/** The guide of each storage size and condition that has one: the usual price, the middle half, what it stands on. */
function GuideTable({ prices }: { prices: ModelPrices }) {
  const t = useT('catalog');
  return (
    <section aria-labelledby="guide-heading" className="space-y-3">
      <h2 id="guide-heading" className="text-xl font-bold">
        {t('prices.byVariant')}
      </h2>
      {prices.guides.length === 0 ? (
        <p className="text-base-content/80">{t('prices.noGuide')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="table table-sm sm:table-md">
            <thead>
              <tr>
                <th scope="col">{t('prices.variant')}</th>
                <th scope="col">{t('prices.usual')}</th>
                <th scope="col">{t('prices.basis')}</th>
              </tr>
            </thead>
            <tbody>
              {prices.guides.map(({ storageGb, condition, guide }) => (
                <tr key={`${storageGb}-${condition}`}>
                  <td>{`${storageLabel(storageGb)}, ${conditionName(condition)}`}</td>
                  <td>
                    <span className="block font-bold">{priceBdt(guide.median)}</span>
                    {guide.low !== guide.high && (
                      <span className="block">{t('prices.middleHalf', { low: priceBdt(guide.low), high: priceBdt(guide.high) })}</span>
                    )}
                  </td>
                  <td>{t(guide.basis === 'sales' ? 'prices.basisSales' : 'prices.basisAsking', counted(guide.count))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** The chart's sales in words, newest first, for whoever cannot or would rather not read a chart. */
function SalesTable({ prices }: { prices: ModelPrices }) {
  const t = useT('catalog');
  return (
    <details className="max-w-3xl">
      <summary className="cursor-pointer font-medium">{t('prices.salesTable')}</summary>
      <div className="mt-2 overflow-x-auto">
        <table className="table table-sm">
          <thead>
            <tr>
              <th scope="col">{t('prices.day')}</th>
              <th scope="col">{t('prices.storage')}</th>
              <th scope="col">{t('prices.condition')}</th>
              <th scope="col">{t('prices.price')}</th>
            </tr>
          </thead>
          <tbody>
            {[...prices.sales].reverse().map((s, i) => (
              <tr key={i}>
                <td>{localDay(s.day)}</td>
                <td>{storageLabel(s.storageGb)}</td>
                <td>{conditionName(s.condition)}</td>
                <td>{priceBdt(s.price)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
