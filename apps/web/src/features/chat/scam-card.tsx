import type { ScamSign } from '@market/contract';
import { Link } from 'react-router';
import { useT } from '../../lib/i18n.ts';
import { scamSigns } from './chat-rules.ts';
import { scamSignName } from './words.ts';

/**
 * The warning under a message in which the server's scam detector found signs (issue 33): each sign in plain words,
 * the advice that keeps a buyer's money safe, and — for the buyer of a phone still available — the one tap to book
 * it with protected payment instead (`bookTo`: the phone's page, which opens its booking form at #book).
 */
export function ScamCard({ signs, bookTo }: { signs: readonly ScamSign[]; bookTo?: string | null | undefined }) {
  const t = useT('dashboard');
  const found = scamSigns.filter((s) => signs.includes(s));
  if (found.length === 0) return null;
  return (
    <aside role="note" aria-label={t('scam.title')} className="mt-2 rounded-box border-l-4 border-warning bg-warning/10 p-3 text-sm text-base-content">
      <p className="font-semibold">{t('scam.title')}</p>
      <p className="mt-1">{t('scam.found')}</p>
      <ul className="list-disc pl-5">
        {found.map((sign) => (
          <li key={sign}>{scamSignName(sign)}</li>
        ))}
      </ul>
      <ul className="mt-2 list-disc pl-5 font-medium">
        <li>{t('scam.neverSendMoney')}</li>
        <li>{t('scam.neverShareCode')}</li>
        <li>{t('scam.keepHere')}</li>
      </ul>
      {bookTo && (
        <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1">
          <Link to={bookTo} className="btn btn-primary btn-sm">
            {t('scam.book')}
          </Link>
          <span className="text-base-content/75">{t('scam.bookHint')}</span>
        </div>
      )}
    </aside>
  );
}
