import { useEffect, useId, useRef, useState } from 'react';
import { digits } from '../../components/listing-words.ts';
import { useModal } from '../../components/use-modal.ts';
import { useT } from '../../lib/i18n.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import type { SearchArgs } from './search-api.ts';
import { Filters, type Meta } from './search-filters.tsx';

interface Props {
  args: SearchArgs;
  /** The facets the filters show (the last answer's, kept while the next is on its way). */
  meta: Meta;
  onChange(next: SearchArgs): void;
  /** Whether the brands are a filter (the search) or the page's own (a brand's page). */
  brands?: boolean;
  /** How many phones the filters chosen find; undefined while that is being asked. */
  total: number | undefined;
  /** The id of the results, which 'Show N phones' brings into view and focus. */
  results: string;
}

/** How many filters are in use: each brand, condition and storage size chosen, and each other filter. */
export function filtersInUse(args: SearchArgs, brands = true): number {
  return (
    (brands ? (args.category?.length ?? 0) : 0) +
    (args.condition?.length ?? 0) +
    (args.minPrice !== undefined || args.maxPrice !== undefined ? 1 : 0) +
    (args.location ? 1 : 0) +
    (args.division || args.district ? 1 : 0) +
    (args.verified ? 1 : 0) +
    (args.storage?.length ?? 0) +
    (args.minBattery !== undefined ? 1 : 0)
  );
}

/** The search without its filters: its words and its order stay ('Clear all'). */
const withoutFilters = ({ q, sort }: SearchArgs): SearchArgs => ({ ...(q ? { q } : {}), ...(sort ? { sort } : {}) });

/**
 * The filters beside the results from 768 px. On a phone they open from the Filters button as a sheet (a modal
 * dialog: the page behind it inert and still, Escape closes it and gives the focus back to the button) whose
 * footer says how many phones the filters chosen find and shows them, or clears them all (issue 35). Before the app
 * runs, the button is a link that unfolds the same filters in place (`:target`): a plain form the server answers.
 */
export function FilterPanel({ args, meta, onChange, brands = true, total, results }: Props) {
  const t = useT('catalog');
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  // Where the focus goes once the sheet is gone (it cannot go there while the sheet makes the page inert).
  const focusAfter = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (open || !focusAfter.current) return;
    focusAfter.current.focus();
    focusAfter.current = null;
  }, [open]);
  // Widened past a phone's (a turned tablet), the sidebar shows the filters: the sheet closes rather than stay inert.
  useEffect(() => {
    if (!open) return;
    const wide = window.matchMedia?.('(min-width: 48rem)');
    const shut = () => {
      if (wide?.matches) setOpen(false);
    };
    wide?.addEventListener('change', shut);
    return () => wide?.removeEventListener('change', shut);
  }, [open]);
  const close = (to: 'toggle' | 'results') => {
    focusAfter.current = to === 'toggle' ? toggle.current : document.getElementById(results);
    setOpen(false);
  };
  // Folded away, the filters in use still show: how many.
  const inUse = filtersInUse(args, brands);
  const label = (
    <>
      {inUse > 0 ? t('filters.inUse', { count: digits(inUse) }) : t('filters.label')}
      <span aria-hidden="true">▾</span>
    </>
  );
  return (
    <aside aria-label={t('filters.label')} className="self-start rounded-box bg-base-100 ring-1 ring-base-200">
      {hydrated ? (
        <button
          ref={toggle}
          type="button"
          className="btn btn-ghost w-full justify-between md:hidden"
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => setOpen(true)}
        >
          {label}
        </button>
      ) : (
        <a href="#search-filters" className="btn btn-ghost w-full justify-between md:hidden">
          {label}
        </a>
      )}
      <div id="search-filters" className="hidden target:block md:block">
        <Filters args={args} meta={meta} onChange={onChange} brands={brands} />
      </div>
      {open && <FilterSheet args={args} meta={meta} onChange={onChange} brands={brands} total={total} inUse={inUse} onClose={close} />}
    </aside>
  );
}

function FilterSheet({
  args,
  meta,
  onChange,
  brands,
  total,
  inUse,
  onClose,
}: Omit<Props, 'results'> & { inUse: number; onClose(to: 'toggle' | 'results'): void }) {
  const t = useT('catalog');
  const ref = useModal(true);
  const title = useId();
  return (
    <dialog
      ref={ref}
      className="modal modal-bottom"
      aria-labelledby={title}
      onClose={() => onClose('toggle')}
      // A tap beside the sheet (on the dialog itself, not inside its box) closes it as ✕ does.
      onClick={(e) => e.target === e.currentTarget && onClose('toggle')}
    >
      <div className="modal-box flex max-h-[85dvh] flex-col p-0">
        <div className="flex items-center justify-between gap-2 border-b border-base-200 px-4 py-2">
          {/* The sheet opens on its name, read out; the filters follow it in the Tab order. */}
          <h2 id={title} tabIndex={-1} data-autofocus className="text-lg font-bold outline-none">
            {t('filters.label')}
          </h2>
          <button type="button" className="btn btn-circle btn-ghost" aria-label={t('dialog.close')} onClick={() => onClose('toggle')}>
            ✕
          </button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">
          <Filters args={args} meta={meta} onChange={onChange} brands={brands} />
        </div>
        <div className="flex gap-3 border-t border-base-200 p-4">
          <button type="button" className="btn btn-ghost" disabled={inUse === 0} onClick={() => onChange(withoutFilters(args))}>
            {t('filters.clearAll')}
          </button>
          <button type="button" className="btn btn-primary flex-1" onClick={() => onClose('results')}>
            {total === undefined ? t('filters.apply') : t('filters.show', { count: total, shown: digits(total) })}
          </button>
        </div>
      </div>
    </dialog>
  );
}
