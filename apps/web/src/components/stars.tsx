import { useT } from '../lib/i18n.ts';
import { number } from '../lib/format.ts';

/** Stars out of five, drawn (★ filled, ☆ empty) and read aloud as words. */
export function Stars({ value, className = '' }: { value: number; className?: string }) {
  const whole = Math.round(value);
  const t = useT();
  return (
    <span className={`whitespace-nowrap text-warning ${className}`} role="img" aria-label={t('stars.label', { value: number(value) })}>
      {'★'.repeat(whole)}
      <span className="text-base-content/30">{'☆'.repeat(5 - whole)}</span>
    </span>
  );
}
