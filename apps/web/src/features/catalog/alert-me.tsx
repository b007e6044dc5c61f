import type { AlertFrequency, SavedQuery } from '@market/contract';
import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useModal } from '../../components/use-modal.ts';
import { useSaveSearchMutation } from '../../lib/alerts-api.ts';
import { errorMessage } from '../../lib/errors.ts';
import { translate, useT } from '../../lib/i18n.ts';
import { notify } from '../../lib/notify.ts';
import { useAuth } from '../../lib/use-auth.ts';
import type { SearchArgs } from './search-api.ts';

/** The search's filters, without its order: what a saved search keeps. */
const filtersOf = ({ sort: _sort, ...filters }: SearchArgs): SavedQuery => filters as SavedQuery;
const looksFor = (args: SearchArgs) => Object.entries(filtersOf(args)).some(([, v]) => v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0));

/**
 * "Alert me" (issue 34): keeps the search on the page as a saved search, told at once or daily. Signed out it leads to
 * the login and back; an Admin keeps no searches; a search of nothing has nothing to keep.
 */
export function AlertMe({ args }: { args: SearchArgs }) {
  const t = useT('catalog');
  const { user, role } = useAuth();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  if (!looksFor(args) || role === 'Admin') return null;
  if (!user)
    return (
      <Link to="/login" state={{ from: location }} className="btn btn-outline btn-sm">
        {t('alertMe.button')}
      </Link>
    );
  return (
    <>
      <button type="button" className="btn btn-outline btn-primary btn-sm" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {t('alertMe.button')}
      </button>
      {open && <AlertDialog query={filtersOf(args)} onClose={() => setOpen(false)} />}
    </>
  );
}

function AlertDialog({ query, onClose }: { query: SavedQuery; onClose(): void }) {
  const t = useT('catalog');
  const ref = useModal(true);
  const title = useId();
  const [frequency, setFrequency] = useState<AlertFrequency>('instant');
  const [save, { isLoading }] = useSaveSearchMutation();
  const submit = async () => {
    try {
      await save({ query, frequency }).unwrap();
      notify.success(translate('alertMe.saved'));
      onClose();
    } catch (err) {
      notify.error(errorMessage(err, translate('alertMe.failed')));
    }
  };
  return (
    <dialog ref={ref} className="modal" onClose={onClose} aria-labelledby={title}>
      <form
        className="modal-box space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <h2 id={title} className="text-xl font-bold">
          {t('alertMe.title')}
        </h2>
        <p className="text-base-content/75">{t('alertMe.text')}</p>
        <fieldset className="space-y-2">
          <legend className="mb-1 font-semibold">{t('alertMe.how')}</legend>
          {(['instant', 'daily'] as const).map((f) => (
            <label key={f} className="flex min-h-11 cursor-pointer items-center gap-3">
              <input type="radio" name="frequency" className="radio radio-primary" checked={frequency === f} onChange={() => setFrequency(f)} />
              {t(f === 'instant' ? 'alertMe.instant' : 'alertMe.daily')}
            </label>
          ))}
        </fieldset>
        <div className="modal-action flex-wrap items-center justify-between">
          <Link to="/dashboard/saved-searches" className="link">
            {t('alertMe.see')}
          </Link>
          <div className="flex gap-2">
            <button type="button" className="btn btn-ghost" onClick={onClose}>
              {t('alertMe.cancel')}
            </button>
            <button type="submit" className="btn btn-primary" disabled={isLoading}>
              {t('alertMe.save')}
            </button>
          </div>
        </div>
      </form>
    </dialog>
  );
}
