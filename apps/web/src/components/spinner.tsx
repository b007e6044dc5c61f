import { useT } from '../lib/i18n.ts';

export function Spinner({ label }: { label?: string }) {
  const t = useT();
  return (
    <div className="flex justify-center py-16" role="status" aria-live="polite">
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span className="sr-only">{label ?? t('loading')}</span>
    </div>
  );
}
