import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useT } from '../../../lib/i18n.ts';

/** What a user list is searched for (issue 35, item 17): the address's `?q=`, so a reload or a shared link keeps it. */
export function useUserQuery(): string | undefined {
  const [params] = useSearchParams();
  return params.get('q')?.trim() || undefined;
}

/**
 * The search of All Sellers and All Buyers, by name or e-mail: Enter (or Search) puts the words in the address, and
 * emptying the box shows every account again.
 */
export function UserSearch() {
  const t = useT('admin');
  const id = useId();
  const [params, setParams] = useSearchParams();
  const searched = params.get('q') ?? '';
  const [text, setText] = useState(searched);
  // Back and forward change the address: the box follows it (set while rendering, as React advises for a prop's change).
  const [shown, setShown] = useState(searched);
  if (shown !== searched) {
    setShown(searched);
    setText(searched);
  }

  const search = (words: string) => {
    const next = new URLSearchParams(params);
    if (words.trim()) next.set('q', words.trim());
    else next.delete('q');
    setParams(next);
  };
  return (
    <form
      role="search"
      className="mb-4 flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        search(text);
      }}
    >
      <div className="w-full max-w-sm">
        <label htmlFor={id} className="label-text mb-1 block">
          {t('users.search')}
        </label>
        <input
          id={id}
          type="search"
          name="q"
          className="input input-bordered w-full"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (!e.target.value && searched) search('');
          }}
        />
      </div>
      <button type="submit" className="btn btn-primary">
        {t('users.searchButton')}
      </button>
    </form>
  );
}
