import type { Suggestion } from '@market/contract';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../../lib/i18n.ts';
import { useCategoriesQuery } from '../../lib/shared-api.ts';
import { useLazyProductSuggestionsQuery } from './search-api.ts';

/** How long typing must pause before the box asks for suggestions. */
const PAUSE_MS = 200;
/** Suggestions start from this many typed characters. */
const FROM_CHARS = 2;

type Option = { kind: 'brand'; id: string; label: string } | { kind: 'name'; label: string; brand: string };

/**
 * A search box that offers suggestions while the buyer types (the ARIA combobox pattern): brands
 * whose name begins with the text, then model names of the best matches (GET /api/product-suggestions).
 * It asks once typing pauses and cancels a question the next keystroke made stale. Arrow keys move
 * through the list, Enter takes the highlighted one (or submits the form as typed, closing the list), Escape closes it.
 * A brand opens its category; a model name is searched for (`onSearch`).
 */
export function SearchField({
  inputRef,
  ...props
}: {
  value: string;
  onChange(text: string): void;
  onSearch(text: string): void;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
  /** The input's size: daisyUI's input-sm in the header. */
  small?: boolean;
  placeholder: string;
}) {
  const id = useId();
  // The header's box, on every page: its texts are in the 'common' catalog, which every page has.
  const t = useT();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // The names of the last answer, and the text they answer.
  const [answered, setAnswered] = useState<{ text: string; names: Suggestion[] }>({ text: '', names: [] });
  const [ask] = useLazyProductSuggestionsQuery();
  const { data: brands = [] } = useCategoriesQuery();
  const asked = useRef<{ abort(): void } | null>(null);

  const text = props.value.trim();
  useEffect(() => {
    if (text.length < FROM_CHARS || !open) return;
    const timer = setTimeout(() => {
      asked.current?.abort();
      const question = ask(text, true);
      asked.current = question;
      question.then((answer) => {
        if (asked.current === question && answer.data) setAnswered({ text: text.toLowerCase(), names: answer.data });
      });
    }, PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, open, ask]);
  useEffect(() => () => asked.current?.abort(), []);

  const lower = text.toLowerCase();
  // While the next answer is on its way, the last one's names stay only if the text still begins with what
  // they answered ('gal' → 'gala'); after a word was changed or deleted they would be about something else.
  const names = answered.text && lower.startsWith(answered.text) ? answered.names : [];
  const options: Option[] =
    text.length < FROM_CHARS
      ? []
      : [
          ...brands
            .filter((b) => b.category.toLowerCase().startsWith(lower))
            .slice(0, 2)
            .map((b): Option => ({ kind: 'brand', id: b._id, label: t('searchField.allOfBrand', { brand: b.category }) })),
          ...names.map((n): Option => ({ kind: 'name', label: n.productName, brand: n.category })),
        ];
  const shown = open && options.length > 0;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const pick = (option: Option) => {
    close();
    if (option.kind === 'brand') {
      props.onChange('');
      navigate(`/category/${option.id}`);
    } else {
      props.onChange(option.label);
      props.onSearch(option.label);
    }
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      // Positions -1 (the text as typed) to the last option, round and round.
      const step = e.key === 'ArrowDown' ? 1 : -1;
      const positions = options.length + 1;
      setActive((i) => ((((i + 1 + step) % positions) + positions) % positions) - 1);
    } else if (e.key === 'Enter' && shown && active >= 0 && active < options.length) {
      e.preventDefault();
      pick(options[active]!);
    } else if (e.key === 'Enter') {
      // The form searches the text as typed: the list has had its say, and must not stay over the results (issue 35).
      close();
    } else if (e.key === 'Escape' && shown) {
      e.preventDefault();
      close();
    }
  };

  return (
    <div className={`relative ${props.className ?? ''}`}>
      <input
        ref={inputRef}
        type="search"
        name="q"
        role="combobox"
        aria-label={t('nav.searchPhones')}
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={`${id}-list`}
        aria-activedescendant={shown && active >= 0 && active < options.length ? `${id}-${active}` : undefined}
        autoComplete="off"
        placeholder={props.placeholder}
        className={`input input-bordered w-full ${props.small ? 'input-sm' : ''}`}
        value={props.value}
        onChange={(e) => {
          props.onChange(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={close}
        onKeyDown={onKeyDown}
      />
      <ul
        id={`${id}-list`}
        role="listbox"
        aria-label={t('searchField.suggestions')}
        hidden={!shown}
        className="absolute top-full right-0 left-0 z-50 mt-1 max-h-96 overflow-y-auto rounded-box bg-base-100 py-1 shadow-lg ring-1 ring-base-300"
      >
        {options.map((option, i) => (
          <li
            key={`${option.kind}-${option.label}`}
            id={`${id}-${i}`}
            role="option"
            aria-selected={i === active}
            // Keeps the focus in the box, so the blur does not close the list before the click lands.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => pick(option)}
            className={`flex min-h-11 cursor-pointer items-center justify-between gap-3 px-4 py-2 ${i === active ? 'bg-base-200' : 'hover:bg-base-200'}`}
          >
            <span className={option.kind === 'brand' ? 'font-semibold' : ''}>{option.label}</span>
            {option.kind === 'name' && <span className="text-sm text-base-content/75">{option.brand}</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}
