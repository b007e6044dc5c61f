import { useEffect } from 'react';
import { translate, useLang } from '../lib/i18n.ts';

/**
 * The tab's title while this page is shown: `name | Resale Phones` (the catalogs' 'pageTitle.named'), or
 * `whole` as it is. The server wrote the first page's <title> (apps/api/src/first-screen/head.ts) from the
 * same catalog texts; this keeps it true as the app moves between pages and languages. Nothing yet (the
 * page's data is on its way): the title stays as it was.
 */
export function usePageTitle(name: string | null | undefined, { whole = false }: { whole?: boolean } = {}) {
  const lang = useLang();
  useEffect(() => {
    if (!name) return;
    document.title = whole ? name : translate('pageTitle.named', { name });
  }, [name, whole, lang]);
}
