import { Link } from 'react-router';
import { useT } from '../lib/i18n.ts';
import { usePageTitle } from './use-page-title.ts';

/** The spec's 404 picture, drawn inline so it needs no download. Inside the dashboard's own <main>, `landmark` is false. */
export function NotFound({ landmark = true }: { landmark?: boolean }) {
  const Root = landmark ? 'main' : 'div';
  const t = useT();
  usePageTitle(t('pageTitle.notFound'));
  return (
    <Root className="flex flex-col items-center gap-6 px-4 py-16 text-center">
      <svg role="img" aria-labelledby="not-found-title" viewBox="0 0 480 260" className="w-full max-w-md">
        <title id="not-found-title">{t('notFound.title')}</title>
        <rect x="0" y="0" width="480" height="260" rx="24" fill="#f0fdfa" />
        <text x="240" y="150" textAnchor="middle" fontSize="140" fontWeight="800" fill="#0f766e" fontFamily="system-ui, sans-serif">
          4<tspan fill="#99f6e4">0</tspan>4
        </text>
        <rect x="212" y="70" width="56" height="96" rx="10" fill="#134e4a" />
        <rect x="218" y="80" width="44" height="70" rx="4" fill="#5eead4" />
        <circle cx="240" cy="158" r="4" fill="#5eead4" />
        <text x="240" y="215" textAnchor="middle" fontSize="22" fill="#115e59" fontFamily="system-ui, sans-serif">
          {t('notFound.text')}
        </text>
      </svg>
      <Link to="/" className="btn btn-primary">
        {t('notFound.back')}
      </Link>
    </Root>
  );
}
