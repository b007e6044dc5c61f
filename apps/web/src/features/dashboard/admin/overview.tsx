import type { Period } from '@market/contract';
import { periods } from '@market/contract/rules';
import { useDispatch, useSelector } from 'react-redux';
import { Spinner } from '../../../components/spinner.tsx';
import { useT, type Key } from '../../../lib/i18n.ts';
import { OverviewChart } from '../overview-chart.tsx';
import { OverviewSection } from '../overview-section.tsx';
import { useAdminOverviewQuery } from './api.ts';
import { setFilter, type HistoryState } from './history-slice.ts';

/** The Admin's overview: the counts, and the phones listed by day, week or month. */
export function AdminOverview() {
  const period = useSelector((s: { history: HistoryState }) => s.history.filter);
  const { data, isLoading } = useAdminOverviewQuery(period);
  const t = useT('dashboard');
  if (isLoading || !data) return <Spinner />;
  return (
    <OverviewSection
      title={t('dashOverview.admin')}
      counts={[
        [t('dashOverview.totalProducts'), data.totalProduct],
        [t('dashOverview.totalSeller'), data.totalSeller],
        [t('dashOverview.totalBuyer'), data.totalBuyer],
      ]}
      chart={
        <OverviewChart
          title={t('dashOverview.dateVsProduct')}
          data={data.productsPerPeriod}
          months={data.period === 'Monthly'}
          series={[{ key: 'count', name: t('dashOverview.products'), colour: '#0f766e' }]}
          controls={<PeriodPicker />}
        />
      }
    />
  );
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
