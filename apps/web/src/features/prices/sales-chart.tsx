import type { Condition, GuideSale } from '@market/contract';
import { conditionName } from '../../components/listing-words.ts';
import { priceBdt, priceTk, shortDay } from '../../lib/format.ts';

/** The chart's height in its drawing box (its width is the caller's); the SVG scales to its container's width. */
const H = 280;
const pad = { left: 64, right: 16, top: 16, bottom: 32 };

/** Each condition's colour and shape: told apart without colour too. */
const marks: Record<Condition, { colour: string; shape: 'circle' | 'square' | 'diamond' }> = {
  Excellent: { colour: '#15803d', shape: 'circle' },
  Good: { colour: '#1d4ed8', shape: 'square' },
  Fair: { colour: '#b45309', shape: 'diamond' },
};

const dayMs = 86_400_000;
const dayOf = (day: string) => Date.parse(`${day}T00:00:00Z`);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Round steps for the price axis: 1, 2 or 5 times a power of ten, about four of them. */
export function priceTicks(low: number, high: number) {
  // One price (or all alike): a band around it, so the dot sits between two lines.
  const [lo, hi] = high - low < 1000 ? [low - 1000, high + 1000] : [low, high];
  const raw = (hi - lo) / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw)!;
  const from = Math.max(0, Math.floor(lo / step) * step);
  const to = Math.ceil(hi / step) * step;
  const ticks: number[] = [];
  for (let v = from; v <= to; v += step) ticks.push(v);
  return { from, to, ticks };
}

function Mark({ x, y, condition }: { x: number; y: number; condition: Condition }) {
  const { colour, shape } = marks[condition];
  if (shape === 'circle') return <circle cx={x} cy={y} r={5} fill={colour} />;
  if (shape === 'square') return <rect x={x - 4.5} y={y - 4.5} width={9} height={9} fill={colour} />;
  return <path d={`M${x} ${y - 6}L${x + 6} ${y}L${x} ${y + 6}L${x - 6} ${y}Z`} fill={colour} />;
}

/**
 * A model's sales over the last `days` days as dots (issue 34's prices page): the day across, the price up, the
 * condition as colour and shape, in a drawing box `width` wide (words keep their size as it shrinks to a phone's). Plain SVG: drawn on the server with the page, no chart code to load. `today` is
 * Dhaka's day ('YYYY-MM-DD'); each dot says its sale in words for a screen reader's and a pointer's sake.
 */
export function SalesChart({ sales, days, today, width: W, label }: { sales: GuideSale[]; days: number; today: string; width: number; label: string }) {
  const end = dayOf(today);
  const start = end - days * dayMs;
  const prices = sales.map((s) => s.price);
  const { from, to, ticks } = priceTicks(Math.min(...prices), Math.max(...prices));
  const tenth = (v: number) => Math.round(v * 10) / 10;
  const x = (day: string) => tenth(pad.left + ((dayOf(day) - start) / (end - start)) * (W - pad.left - pad.right));
  const y = (price: number) => tenth(pad.top + (1 - (price - from) / (to - from)) * (H - pad.top - pad.bottom));
  const dayTicks = [0, 1, 2, 3].map((k) => isoDay(start + Math.round((k * days) / 3) * dayMs));
  const shown = [...new Set(sales.map((s) => s.condition))];
  return (
    <div>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label} className="h-auto w-full max-w-3xl text-base-content" fontSize={12}>
        {ticks.map((v) => (
          <g key={v}>
            <line x1={pad.left} x2={W - pad.right} y1={y(v)} y2={y(v)} stroke="currentColor" strokeOpacity={0.15} />
            <text x={pad.left - 8} y={y(v)} dy="0.35em" textAnchor="end" fill="currentColor">
              {priceTk(v)}
            </text>
          </g>
        ))}
        {dayTicks.map((d, k) => (
          <text key={d} x={x(d)} y={H - 8} textAnchor={k === 0 ? 'start' : k === 3 ? 'end' : 'middle'} fill="currentColor">
            {shortDay(d)}
          </text>
        ))}
        {sales.map((s, i) => (
          <g key={i}>
            <title>{`${shortDay(s.day)}: ${priceBdt(s.price)}, ${conditionName(s.condition)}`}</title>
            <Mark x={x(s.day)} y={y(s.price)} condition={s.condition} />
          </g>
        ))}
      </svg>
      <ul className="mt-2 flex flex-wrap gap-4 text-sm" aria-hidden="true">
        {shown.map((c) => (
          <li key={c} className="flex items-center gap-1">
            <svg viewBox="-7 -7 14 14" width="14" height="14">
              <Mark x={0} y={0} condition={c} />
            </svg>
            {conditionName(c)}
          </li>
        ))}
      </ul>
    </div>
  );
}
