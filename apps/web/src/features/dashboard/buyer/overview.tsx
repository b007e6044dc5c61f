import { Spinner } from '../../../components/spinner.tsx';
import { useT } from '../../../lib/i18n.ts';
import { useAuth } from '../../../lib/use-auth.ts';
import { OverviewChart } from '../overview-chart.tsx';
import { OverviewSection } from '../overview-section.tsx';
import { useBuyerOverviewQuery } from './api.ts';

/** The buyer's overview: their orders and paid orders, and the last days' of both. */
export function BuyerOverview() {
  const { user } = useAuth();
  const { data, isLoading } = useBuyerOverviewQuery(user?._id ?? '', { skip: !user });
  const t = useT('dashboard');
  if (isLoading || !data) return <Spinner />;
  return (
    <OverviewSection
      title={t('dashOverview.buyer')}
      counts={[
        [t('dashOverview.totalOrders'), data.totalOrders],
        [t('dashOverview.totalPaidOrders'), data.totalPaidOrders],
      ]}
      chart={
        <OverviewChart
          title={t('dashOverview.paidVsOrders')}
          data={data.ordersPerDay}
          series={[
            { key: 'orders', name: t('dashOverview.orders'), colour: '#b45309' },
            { key: 'paid', name: t('dashOverview.paidOrders'), colour: '#0f766e' },
          ]}
        />
      }
    />
  );
}
