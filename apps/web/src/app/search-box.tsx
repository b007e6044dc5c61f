import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { SearchField } from '../features/catalog/search-field.tsx';
import { firstScreenSearch, forgetFirstScreenSearch } from './first-screen.ts';
import { useT } from '../lib/i18n.ts';

/**
 * The header's search: a box with suggestions from 768 px, a link to /search (which has its own box)
 * on phones. The HTML's first screen draws the same (apps/api/src/first-screen/shell.ts), where the
 * form works as a plain GET before the app starts.
 */
export function SearchBox() {
  const navigate = useNavigate();
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(() => firstScreenSearch()?.value ?? '');
  // Whatever was typed into the first screen's box before the app started stays, and so does the focus.
  useLayoutEffect(() => {
    if (firstScreenSearch()?.focused) input.current?.focus();
    forgetFirstScreenSearch();
  }, []);
  const search = (q: string) => navigate(q ? `/search?${new URLSearchParams({ q })}` : '/search');
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    search(text.trim());
  };
  return (
    <>
      <form role="search" aria-label={t('nav.siteSearch')} action="/search" onSubmit={submit} className="mx-2 hidden w-full max-w-xs md:block">
        <SearchField inputRef={input} value={text} onChange={setText} onSearch={search} placeholder={t('nav.searchPhones')} small />
      </form>
      <Link to="/search" className="btn btn-circle btn-ghost md:hidden" aria-label={t('nav.searchPhones')}>
        <svg xmlns="http://www.w3.org/2000/svg" className="h-6 w-6" fill="none" viewBox="0 0 24 24" stroke="currentColor" aria-hidden="true">
          <path strokeLinecap="round" strokeLinejoin="round" strokeWidth="2" d="M21 21l-4.35-4.35M17 10.5a6.5 6.5 0 11-13 0 6.5 6.5 0 0113 0z" />
        </svg>
      </Link>
    </>
  );
}
