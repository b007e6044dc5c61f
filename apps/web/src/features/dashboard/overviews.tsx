import type { Period } from '@market/contract';
import { periods } from '@market/contract/rules';
import { useDispatch, useSelector } from 'react-redux';
import { Counter } from '../../components/counter.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useT, type Key } from '../../lib/i18n.ts';
import { useAuth } from '../../lib/use-auth.ts';
import { useAdminOverviewQuery, useBuyerOverviewQuery, useSellerOverviewQuery } from './api.ts';
import { setFilter, type HistoryState } from './history-slice.ts';
import { OverviewChart } from './overview-chart.tsx';

export function AdminOverview() {
  const period = useSelector((s: { history: HistoryState }) => s.history.filter);
  const { data, isLoading } = useAdminOverviewQuery(period);
  const t = useT('dashboard');
  if (isLoading || !data) return <Spinner />;
  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold">{t('dashOverview.admin')}</h1>
      <div className="grid gap-4 sm:grid-cols-3">
        <Counter label={t('dashOverview.totalProducts')} value={data.totalProduct} />
        <Counter label={t('dashOverview.totalSeller')} value={data.totalSeller} />
        <Counter label={t('dashOverview.totalBuyer')} value={data.totalBuyer} />
      </div>
      <OverviewChart
        title={t('dashOverview.dateVsProduct')}
        data={data.productsPerPeriod}
        months={data.period === 'Monthly'}
        series={[{ key: 'count', name: t('dashOverview.products'), colour: '#0f766e' }]}
        controls={<PeriodPicker />}
      />
    </section>
  );
}

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

/** /dashboard shows the overview of the signed-in user's role. */
export function RoleOverview() {
  const { role } = useAuth();
  if (role === 'Admin') return <AdminOverview />;
  if (role === 'Seller') return <SellerOverview />;
  return <BuyerOverview />;
}

/** Each period's name (the contract's value is what the API is sent). */
const periodName: Record<Period, Key<'dashboard'>> = { Daily: 'dashOverview.daily', Weekly: 'dashOverview.weekly', Monthly: 'dashOverview.monthly' };

/** The history filter: the chart by day (the last 30), week or month (the last 12 each). */
function PeriodPicker() {
  const period = useSelector((s: { history: HistoryState }) => s.history.filter);
  const dispatch = useDispatch();
  const t = useT('dashboard');
  return (
    <div role="radiogroup" aria-label={t('dashOverview.productsPer')} className="join">
      {periods.map((p) => (
        <input
          key={p}
          type="radio"
          name="period"
          aria-label={t(periodName[p])}
          className="btn join-item btn-sm"
          checked={period === p}
          onChange={() => dispatch(setFilter(p))}
        />
      ))}
    </div>
  );
}
