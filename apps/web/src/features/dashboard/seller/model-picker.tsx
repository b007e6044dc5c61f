import type { PhoneModel } from '@market/contract';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useController, useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { storageLabel } from '../../../components/listing-words.ts';
import { number } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { usePhoneModelsQuery } from '../api.ts';
import { findModels, listingName } from '../model-search.ts';
import type { ProductFields } from './product-fields.ts';

interface Props {
  control: Control<ProductFields>;
  setValue: UseFormSetValue<ProductFields>;
  /** The model the listing has (editing), to show its name before the catalogue has loaded. */
  initialText: string;
}

const show = { shouldValidate: true, shouldDirty: true } as const;

/**
 * The catalogue's model (issue 34), searched as the seller types (a combobox: arrows and Enter choose, Escape closes):
 * a model of the chosen brand, or of any brand (its brand is then chosen), and then its variant (RAM and storage). A
 * model the list lacks is typed and chosen as "not in the list": posted under that name and flagged for an Admin.
 */
export function ModelPicker({ control, setValue, initialText }: Props) {
  const t = useT('dashboard');
  const id = useId();
  const { data: models = [] } = usePhoneModelsQuery();
  const [categoryId, unlisted, storageGb, ramGb, productName] = useWatch({
    control,
    name: ['categoryId', 'unlistedModel', 'storageGb', 'ramGb', 'productName'],
  });
  const {
    field: { value, onChange, onBlur, ref: takeFocus },
    fieldState,
  } = useController({
    control,
    name: 'phoneModelId',
    rules: { validate: (value, all) => (value || all.unlistedModel ? true : t('modelPicker.required')) },
  });
  const chosen = models.find((m) => m._id === value);
  // Another brand chosen: the model (of the brand before) is no longer the phone's.
  useEffect(() => {
    if (chosen && categoryId && chosen.brand._id !== categoryId) onChange('');
  }, [chosen, categoryId, onChange]);
  const [text, setText] = useState(initialText);
  const [open, setOpen] = useState(false);
  // The option the arrows are on (-1: none yet; Enter then takes the first match).
  const [active, setActive] = useState(-1);
  const typed = text.trim();
  const matches = open ? findModels(models, text, categoryId) : [];
  // The choices: the matches, then "not in the list" (once something is typed).
  const choices = open && typed ? [...matches, null] : [];
  const current = Math.min(active, choices.length - 1);

  const choose = (m: PhoneModel | null) => {
    setOpen(false);
    if (m) {
      setText(m.name);
      setValue('unlistedModel', '', show);
      onChange(m._id);
      if (m.brand._id !== categoryId) setValue('categoryId', m.brand._id, show);
      if (!productName.trim()) setValue('productName', listingName(m), show);
      // One variant: it is the phone's.
      if (m.variants.length === 1) pickVariant(m, 0);
    } else {
      onChange('');
      setValue('unlistedModel', typed, show);
    }
  };
  const pickVariant = (m: PhoneModel, i: number) => {
    const v = m.variants[i];
    if (!v) return;
    setValue('storageGb', String(v.storageGb), show);
    setValue('ramGb', String(v.ramGb), show);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) return setOpen(true);
      const n = choices.length;
      // Down from none is the first, up from none (or the first) the last.
      setActive((i) => (n === 0 ? -1 : e.key === 'ArrowDown' ? (i + 1) % n : i <= 0 ? n - 1 : i - 1));
    } else if (e.key === 'Enter' && open && choices.length) {
      e.preventDefault();
      choose(choices[current >= 0 ? current : 0]!);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
    }
  };

  const variantIndex = chosen ? chosen.variants.findIndex((v) => String(v.storageGb) === storageGb && String(v.ramGb) === ramGb) : -1;
  const error = fieldState.error?.message;
  const describedBy = `${id}-note`;
  return (
    <>
      <div className="form-control relative block">
        <label htmlFor={`${id}-input`} className="label-text">
          {t('modelPicker.label')}
        </label>
        <input
          id={`${id}-input`}
          ref={takeFocus}
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={choices.length > 0}
          aria-controls={`${id}-list`}
          aria-activedescendant={current >= 0 ? `${id}-option-${current}` : undefined}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          className="input input-bordered w-full"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(-1);
            // What is typed is no longer the model chosen, nor the name given as not in the list.
            if (value) onChange('');
            if (unlisted) setValue('unlistedModel', '', show);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            onBlur();
          }}
          onKeyDown={onKeyDown}
        />
        <ul
          id={`${id}-list`}
          role="listbox"
          aria-label={t('modelPicker.label')}
          hidden={choices.length === 0}
          className="absolute z-20 mt-1 max-h-80 w-full overflow-y-auto rounded-box bg-base-100 p-1 shadow-lg ring-1 ring-base-300"
        >
          {choices.map((m, i) => (
            <li
              key={m?._id ?? 'unlisted'}
              id={`${id}-option-${i}`}
              role="option"
              aria-selected={i === current}
              // Chosen on mouse down: before the input's blur closes the list.
              onMouseDown={(e) => {
                e.preventDefault();
                choose(m);
              }}
              onMouseEnter={() => setActive(i)}
              className={`flex min-h-11 cursor-pointer flex-wrap items-center gap-x-2 rounded-btn px-3 py-2 ${i === current ? 'bg-base-200' : ''}`}
            >
              {m ? (
                <>
                  <span className="font-medium">{m.name}</span> <span className="text-sm text-base-content/75">{m.brand.category}</span>{' '}
                  <span lang="bn" className="text-sm text-base-content/75">
                    {m.nameBn}
                  </span>
                </>
              ) : (
                <span className="italic">{t('modelPicker.notInList', { text: typed })}</span>
              )}
            </li>
          ))}
        </ul>
        <p id={describedBy} className="text-sm">
          {error ? (
            <span className="text-error">{error}</span>
          ) : unlisted ? (
            <span className="text-warning-content">{t('modelPicker.unlisted', { text: unlisted })}</span>
          ) : (
            <span className="text-base-content/75">{t('modelPicker.hint')}</span>
          )}
        </p>
        {/* What the list holds, said to a screen reader as it changes. */}
        <span className="sr-only" aria-live="polite">
          {open && typed ? t('modelPicker.results', { count: matches.length }) : ''}
        </span>
      </div>
      {chosen && chosen.variants.length > 1 && (
        <div className="form-control block">
          <label className="block">
            <span className="label-text">{t('modelPicker.variant')}</span>
            <select className="select select-bordered w-full" value={variantIndex} onChange={(e) => pickVariant(chosen, Number(e.target.value))}>
              <option value={-1}>{variantIndex === -1 && storageGb ? t('modelPicker.otherVariant') : t('modelPicker.chooseVariant')}</option>
              {chosen.variants.map((v, i) => (
                <option key={`${v.ramGb}/${v.storageGb}`} value={i}>
                  {t('modelPicker.variantName', { ram: number(v.ramGb), storage: storageLabel(v.storageGb) })}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}
    </>
  );
}
