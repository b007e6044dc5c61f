import { useT } from '../lib/i18n.ts';

/**
 * "Number verified" beside a seller's name (issue 36): they confirmed a mobile number with a code sent to it by SMS.
 * The number itself is never shown; the title says what the badge means.
 */
export function NumberVerified() {
  const t = useT('catalog');
  return (
    <span className="badge badge-success h-auto gap-1 text-success-content" title={t('detail.numberVerifiedTitle')}>
      <svg aria-hidden="true" viewBox="0 0 16 16" width="12" height="12" fill="currentColor">
        <path d="M6.2 11.6 2.4 7.8l1.2-1.2 2.6 2.6 6.2-6.2 1.2 1.2z" />
      </svg>
      {t('detail.numberVerified')}
    </span>
  );
}
