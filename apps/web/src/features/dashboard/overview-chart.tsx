import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { useChartSize } from '../../components/use-chart-size.ts';
import { shortDay } from '../../lib/format.ts';

interface Series {
  key: string;
  name: string;
  colour: string;
}

/** A bar chart per day, at the spec's size for the screen. */
export function OverviewChart({ title, data, series }: { title: string; data: Record<string, string | number>[]; series: Series[] }) {
  const size = useChartSize();
  // Bars grow in unless the user asked for less motion (read on each render, so a change applies at the next resize).
  const animate = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  const rows = data.map((d) => ({ ...d, day: shortDay(String(d.date)) }));
  return (
    // On a phone the 340 px chart needs the figure's side padding: without it, the newest days scrolled out of view.
    <figure className="mt-8 max-w-full overflow-x-auto rounded-xl bg-base-100 py-4 ring-1 ring-base-200 sm:px-4">
      <figcaption className="mb-3 px-4 text-lg font-semibold sm:px-0">{title}</figcaption>
      <BarChart width={size.width} height={size.height} data={rows} accessibilityLayer>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="day" fontSize={12} />
        <YAxis allowDecimals={false} fontSize={12} />
        <Tooltip />
        <Legend />
        {series.map((s) => (
          <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.colour} isAnimationActive={animate} />
        ))}
      </BarChart>
    </figure>
  );
}
