import { Counter } from '../../../components/counter.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useT } from '../../../lib/i18n.ts';
import { useAuth } from '../../../lib/use-auth.ts';
import { OverviewChart } from '../overview-chart.tsx';
import { useBuyerOverviewQuery } from './api.ts';

/** The buyer's overview: their orders and paid orders, and the last days' of both. */
export function BuyerOverview() {
  const { user } = useAuth();
  const { data, isLoading } = useBuyerOverviewQuery(user?._id ?? '', { skip: !user });
  const t = useT('dashboard');
  if (isLoading || !data) return <Spinner />;
  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold">{t('dashOverview.buyer')}</h1>
      <div className="grid gap-4 sm:grid-cols-2">
        <Counter label={t('dashOverview.totalOrders')} value={data.totalOrders} />
        <Counter label={t('dashOverview.totalPaidOrders')} value={data.totalPaidOrders} />
      </div>
      <OverviewChart
        title={t('dashOverview.paidVsOrders')}
        data={data.ordersPerDay}
        series={[
          { key: 'orders', name: t('dashOverview.orders'), colour: '#b45309' },
          { key: 'paid', name: t('dashOverview.paidOrders'), colour: '#0f766e' },
        ]}
      />
    </section>
  );
}
