import { Counter } from '../../../components/counter.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useT } from '../../../lib/i18n.ts';
import { useAuth } from '../../../lib/use-auth.ts';
import { OverviewChart } from '../overview-chart.tsx';
import { useSellerOverviewQuery } from './api.ts';

/** The seller's overview: their phones, orders and paid orders, and the last days' phones and orders. */
export function SellerOverview() {
  const { user } = useAuth();
  const { data, isLoading } = useSellerOverviewQuery(user?._id ?? '', { skip: !user });
  const t = useT('dashboard');
  if (isLoading || !data) return <Spinner />;
  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold">{t('dashOverview.seller')}</h1>
      <div className="grid gap-4 sm:grid-cols-3">
        <Counter label={t('dashOverview.totalProducts')} value={data.sellerProducts} />
        <Counter label={t('dashOverview.totalOrders')} value={data.orderCount[0]?.totalOrders ?? 0} />
        <Counter label={t('dashOverview.totalPaidOrders')} value={data.paidOrderCount[0]?.totalOrders ?? 0} />
      </div>
      <OverviewChart
        title={t('dashOverview.productsVsOrders')}
        data={data.perDay}
        series={[
          { key: 'products', name: t('dashOverview.products'), colour: '#0f766e' },
          // The legend writes each name in its colour: amber-700, as amber-500 was 2:1 on white.
          { key: 'orders', name: t('dashOverview.orders'), colour: '#b45309' },
        ]}
      />
    </section>
  );
}
