import { Spinner } from '../../../components/spinner.tsx';
import { useT } from '../../../lib/i18n.ts';
import { useAuth } from '../../../lib/use-auth.ts';
import { OverviewChart } from '../overview-chart.tsx';
import { OverviewSection } from '../overview-section.tsx';
import { useSellerOverviewQuery } from './api.ts';

/** The seller's overview: their phones, orders and paid orders, and the last days' phones and orders. */
export function SellerOverview() {
  const { user } = useAuth();
  const { data, isLoading } = useSellerOverviewQuery(user?._id ?? '', { skip: !user });
  const t = useT('dashboard');
  if (isLoading || !data) return <Spinner />;
  return (
    <OverviewSection
      title={t('dashOverview.seller')}
      counts={[
        [t('dashOverview.totalProducts'), data.sellerProducts],
        [t('dashOverview.totalOrders'), data.orderCount[0]?.totalOrders ?? 0],
        [t('dashOverview.totalPaidOrders'), data.paidOrderCount[0]?.totalOrders ?? 0],
      ]}
      chart={
        <OverviewChart
          title={t('dashOverview.productsVsOrders')}
          data={data.perDay}
          series={[
            { key: 'products', name: t('dashOverview.products'), colour: '#0f766e' },
            // The legend writes each name in its colour: amber-700, as amber-500 was 2:1 on white.
            { key: 'orders', name: t('dashOverview.orders'), colour: '#b45309' },
          ]}
        />
      }
    />
  );
}
