/** Stars out of five, drawn (★ filled, ☆ empty) and read aloud as words. */
export function Stars({ value, className = '' }: { value: number; className?: string }) {
  const whole = Math.round(value);
  return (
    <span className={`whitespace-nowrap text-warning ${className}`} role="img" aria-label={`${value} out of 5 stars`}>
      {'★'.repeat(whole)}
      <span className="text-base-content/30">{'☆'.repeat(5 - whole)}</span>
    </span>
  );
}
