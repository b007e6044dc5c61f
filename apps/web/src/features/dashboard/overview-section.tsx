import type { ReactNode } from 'react';
import { Counter } from '../../components/counter.tsx';

/** A role's overview: its heading, its counts side by side (three or two to a row), then its chart. */
export function OverviewSection({ title, counts, chart }: { title: string; counts: [label: string, value: number][]; chart: ReactNode }) {
  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold">{title}</h1>
      <div className={`grid gap-4 ${counts.length === 3 ? 'sm:grid-cols-3' : 'sm:grid-cols-2'}`}>
        {counts.map(([label, value]) => (
          <Counter key={label} label={label} value={value} />
        ))}
      </div>
      {chart}
    </section>
  );
}
