import { useEffect, useState } from 'react';
import { useLang } from '../lib/i18n.ts';
import { digits } from './listing-words.ts';

export const COUNT_UP_MS = 4000;

/** Counts up from 0 to `value` over 4 seconds, easing out. */
export function Counter({ value, label }: { value: number; label: string }) {
  const [shown, setShown] = useState(0);
  useLang();
  useEffect(() => {
    let frame = 0;
    const start = performance.now();
    const tick = (now: number) => {
      const t = Math.min(1, (now - start) / COUNT_UP_MS);
      setShown(Math.round(value * (1 - (1 - t) ** 3)));
      if (t < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [value]);
  return (
    <div className="stat rounded-xl bg-base-100 shadow-sm ring-1 ring-base-200">
      <div className="stat-title">{label}</div>
      <div className="stat-value text-primary" aria-live="off" data-value={value}>
        {digits(shown)}
      </div>
    </div>
  );
}
