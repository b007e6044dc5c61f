import { useT } from '../lib/i18n.ts';
import { digits } from './listing-words.ts';
import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';

interface Props {
  label: string;
  error?: string | undefined;
  /** A hint shown under the field until an error replaces it (e.g. 'At least 6 characters'). */
  hint?: string;
  /** A length-limited field: its value so far and the most the server keeps, shown as 'n/max' (trimmed, as the server counts). */
  count?: { value: string; max: number };
  /** The id of an element outside the field that describes the control too (a note beside it). */
  describedBy?: string | undefined;
  children: ReactNode;
}

/**
 * A labelled form control with its error message (or hint, and length counter) under it: every
 * form uses this. The message is outside the label and tied to the control by aria-describedby,
 * so the control's name stays its label; a control with an error is marked aria-invalid.
 */
export function Field({ label, error, hint, count, describedBy, children }: Props) {
  const id = useId();
  const t = useT();
  const length = count?.value.trim().length ?? 0;
  const over = count !== undefined && length > count.max;
  const described = error || hint || count;
  const descriptions = [described ? id : null, describedBy].filter(Boolean).join(' ');
  const control = isValidElement(children)
    ? cloneElement(children as ReactElement<{ 'aria-describedby'?: string; 'aria-invalid'?: boolean }>, {
        ...(descriptions ? { 'aria-describedby': descriptions } : {}),
        ...(error ? { 'aria-invalid': true } : {}),
      })
    : children;
  return (
    <div className="form-control block">
      <label className="block">
        <span className="label-text">{label}</span>
        {control}
      </label>
      {described && (
        <p id={id} className="flex items-start justify-between gap-3 text-sm">
          {error ? <span className="text-error">{error}</span> : <span className="text-base-content/75">{hint}</span>}
          {count && (
            <span className={`shrink-0 tabular-nums ${over ? 'font-semibold text-error' : 'text-base-content/75'}`}>
              {digits(length)}/{digits(count.max)}
              <span className="sr-only"> {t('field.characters')}</span>
            </span>
          )}
        </p>
      )}
    </div>
  );
}
