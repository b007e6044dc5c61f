import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { useChartSize } from '../../components/use-chart-size.ts';

interface Series {
  key: string;
  name: string;
  colour: string;
}

/** A bar chart per day, at the spec's size for the screen. */
export function OverviewChart({ title, data, series }: { title: string; data: Record<string, string | number>[]; series: Series[] }) {
  const size = useChartSize();
  const rows = data.map((d) => ({ ...d, day: String(d.date).slice(5) }));
  return (
    <figure className="mt-8 max-w-full overflow-x-auto rounded-xl bg-base-100 p-4 ring-1 ring-base-200">
      <figcaption className="mb-3 text-lg font-semibold">{title}</figcaption>
      <BarChart width={size.width} height={size.height} data={rows} accessibilityLayer>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="day" fontSize={12} />
        <YAxis allowDecimals={false} fontSize={12} />
        <Tooltip />
        <Legend />
        {series.map((s) => (
          <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.colour} />
        ))}
      </BarChart>
    </figure>
  );
}
