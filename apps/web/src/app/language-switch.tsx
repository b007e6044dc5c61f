import type { MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Lang } from '@market/contract';
import { useSetLanguageMutation } from '../features/auth/api.ts';
import { activate, rememberLang, useLang, useT } from '../lib/i18n.ts';
import { useAuth } from '../lib/use-auth.ts';

/**
 * The other language, named in its own script ('বাংলা' on English pages, 'English' on Bangla ones). A
 * link to this page with `?lang=` (it works before the app has started, as the HTML's first screen draws
 * it); in the app it switches in place. The choice is kept in a cookie (the server writes the next page's
 * HTML in it) and, when signed in, on the account; a `?lang=` already in the address follows it, so the address stays the language's.
 */
export function LanguageSwitch({ onSwitched }: { onSwitched?: () => void }) {
  const lang = useLang();
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const { signedIn } = useAuth();
  const [setLanguage] = useSetLanguageMutation();
  const next: Lang = lang === 'en' ? 'bn' : 'en';
  const params = new URLSearchParams(location.search);
  params.set('lang', next);

  const switchTo = async (e: MouseEvent) => {
    e.preventDefault();
    rememberLang(next);
    // Kept on the account too (mails follow it); if that fails, the cookie still keeps it here.
    if (signedIn)
      setLanguage({ language: next })
        .unwrap()
        .catch(() => undefined);
    await activate(next);
    if (new URLSearchParams(location.search).has('lang')) void navigate({ search: `?${params}`, hash: location.hash }, { replace: true });
    onSwitched?.();
  };

  return (
    <a href={`?${params}`} lang={next} onClick={(e) => void switchTo(e)}>
      {t('lang.switchTo')}
    </a>
  );
}
