import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { useChartSize } from '../../components/use-chart-size.ts';
import { number, shortDay, shortMonth } from '../../lib/format.ts';
import { useLang } from '../../lib/i18n.ts';

interface Series {
  key: string;
  /** Its name in the legend, already translated. */
  name: string;
  colour: string;
}

/** A count in the language's digits (the axis, the tooltip). */
const count = (value: unknown) => (typeof value === 'number' ? number(value) : String(value));

/**
 * A bar chart per day (or per week or month: each bar under the date its period starts), at the
 * spec's size for the screen. `controls` sit beside the title.
 */
export function OverviewChart({
  title,
  data,
  series,
  months = false,
  controls,
}: {
  title: string;
  data: Record<string, string | number>[];
  series: Series[];
  months?: boolean;
  controls?: ReactNode;
}) {
  const size = useChartSize();
  // The axes' dates and numbers follow the language (the titles come translated).
  useLang();
  // Bars grow in unless the user asked for less motion (read on each render, so a change applies at the next resize).
  const animate = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  const rows = data.map((d) => ({ ...d, day: (months ? shortMonth : shortDay)(String(d.date)) }));
  return (
    // On a phone the 340 px chart needs the figure's side padding: without it, the newest days scrolled out of view.
    // The caption stays the figure's first child (its name); the controls share its line while there is room.
    <figure className="mt-8 flex max-w-full flex-wrap items-center justify-between gap-x-4 gap-y-3 overflow-x-auto rounded-xl bg-base-100 py-4 ring-1 ring-base-200 sm:px-4">
      <figcaption className="px-4 text-lg font-semibold sm:px-0">{title}</figcaption>
      {controls && <div className="px-4 sm:px-0">{controls}</div>}
      <div className="basis-full">
        <BarChart width={size.width} height={size.height} data={rows} accessibilityLayer>
          <CartesianGrid strokeDasharray="3 3" />
          {/* Dates need room between them: Bangla's ('২৫ নভে') otherwise touched at 1280 px. */}
          <XAxis dataKey="day" fontSize={12} minTickGap={16} />
          <YAxis allowDecimals={false} fontSize={12} tickFormatter={count} />
          <Tooltip formatter={count} />
          <Legend />
          {series.map((s) => (
            <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.colour} isAnimationActive={animate} />
          ))}
        </BarChart>
      </div>
    </figure>
  );
}
