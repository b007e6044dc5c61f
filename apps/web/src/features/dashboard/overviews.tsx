import { periods } from '@market/contract/rules';
import { useDispatch, useSelector } from 'react-redux';
import { Counter } from '../../components/counter.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useAuth } from '../../lib/use-auth.ts';
import { useAdminOverviewQuery, useBuyerOverviewQuery, useSellerOverviewQuery } from './api.ts';
import { setFilter, type HistoryState } from './history-slice.ts';
import { OverviewChart } from './overview-chart.tsx';

export function AdminOverview() {
  const period = useSelector((s: { history: HistoryState }) => s.history.filter);
  const { data, isLoading } = useAdminOverviewQuery(period);
  if (isLoading || !data) return <Spinner />;
  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold">Admin Overview</h1>
      <div className="grid gap-4 sm:grid-cols-3">
        <Counter label="Total Products" value={data.totalProduct} />
        <Counter label="Total Seller" value={data.totalSeller} />
        <Counter label="Total Buyer" value={data.totalBuyer} />
      </div>
      <OverviewChart
        title="Date VS. Product"
        data={data.productsPerPeriod}
        months={data.period === 'Monthly'}
        series={[{ key: 'count', name: 'Products', colour: '#0f766e' }]}
        controls={<PeriodPicker />}
      />
    </section>
  );
}

export function SellerOverview() {
  const { user } = useAuth();
  const { data, isLoading } = useSellerOverviewQuery(user?._id ?? '', { skip: !user });
  if (isLoading || !data) return <Spinner />;
  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold">Seller Overview</h1>
      <div className="grid gap-4 sm:grid-cols-3">
        <Counter label="Total Products" value={data.sellerProducts} />
        <Counter label="Total Orders" value={data.orderCount[0]?.totalOrders ?? 0} />
        <Counter label="Total Paid Orders" value={data.paidOrderCount[0]?.totalOrders ?? 0} />
      </div>
      <OverviewChart
        title="Products VS. Order Chart"
        data={data.perDay}
        series={[
          { key: 'products', name: 'Products', colour: '#0f766e' },
          // The legend writes each name in its colour: amber-700, as amber-500 was 2:1 on white.
          { key: 'orders', name: 'Orders', colour: '#b45309' },
        ]}
      />
    </section>
  );
}

export function BuyerOverview() {
  const { user } = useAuth();
  const { data, isLoading } = useBuyerOverviewQuery(user?._id ?? '', { skip: !user });
  if (isLoading || !data) return <Spinner />;
  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold">Buyer Overview</h1>
      <div className="grid gap-4 sm:grid-cols-2">
        <Counter label="Total Orders" value={data.totalOrders} />
        <Counter label="Total Paid Orders" value={data.totalPaidOrders} />
      </div>
      <OverviewChart
        title="Paid Order VS. Order Chart"
        data={data.ordersPerDay}
        series={[
          { key: 'orders', name: 'Orders', colour: '#b45309' },
          { key: 'paid', name: 'Paid Orders', colour: '#0f766e' },
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

/** The history filter: the chart by day (the last 30), week or month (the last 12 each). */
function PeriodPicker() {
  const period = useSelector((s: { history: HistoryState }) => s.history.filter);
  const dispatch = useDispatch();
  return (
    <div role="radiogroup" aria-label="Products per" className="join">
      {periods.map((p) => (
        <input
          key={p}
          type="radio"
          name="period"
          aria-label={p}
          className="btn join-item btn-sm"
          checked={period === p}
          onChange={() => dispatch(setFilter(p))}
        />
      ))}
    </div>
  );
}
