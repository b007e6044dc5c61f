import type { DistrictName } from '@market/contract';
import { districts, divisions, type Division } from '@market/contract/places';
import { forwardRef, type SelectHTMLAttributes } from 'react';
import { translate, useLang, useT } from '../lib/i18n.ts';

/*
 * Bangladesh's divisions and districts on screen (issue 34): named in the page's language, sorted as its readers
 * sort them, each district under its division. The names come from the contract (packages/contract/src/places.ts).
 */

const collator = (lang: 'en' | 'bn') => new Intl.Collator(lang === 'bn' ? 'bn-BD' : 'en');
const nameIn = (place: Pick<Division, 'en' | 'bn'>, lang: 'en' | 'bn') => (lang === 'bn' ? place.bn : place.en);

/** "Dhaka district, Dhaka division" ("ঢাকা জেলা, ঢাকা বিভাগ"). Call while rendering, in a component that calls `useT()`. */
export const districtText = (district: DistrictName, lang: 'en' | 'bn') =>
  translate('place.district', { district: nameIn(district, lang), division: nameIn(district.division, lang) });

/** Where a listing or a meeting is: the area in its writer's words, then the district and division, when named. */
export function PlaceText({ area, district }: { area: string; district: DistrictName | null }) {
  const lang = useLang();
  useT();
  return (
    <>
      <span>{area}</span>
      {district && (
        <>
          <span className="sr-only">, </span>
          <span className="block text-sm text-base-content/75">{districtText(district, lang)}</span>
        </>
      )}
    </>
  );
}

/** The 64 districts, each under its division (an `<optgroup>`), in the page's language; `placeholder` is the empty choice. */
export const DistrictSelect = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement> & { placeholder: string; division?: string }>(
  function DistrictSelect({ placeholder, division, ...props }, ref) {
    const lang = useLang();
    const sort = collator(lang);
    const shown = divisions.filter((d) => !division || d.id === division).sort((a, b) => sort.compare(nameIn(a, lang), nameIn(b, lang)));
    return (
      <select ref={ref} {...props}>
        <option value="">{placeholder}</option>
        {shown.map((d) => (
          <optgroup key={d.id} label={nameIn(d, lang)}>
            {districts
              .filter((x) => x.division.id === d.id)
              .sort((a, b) => sort.compare(nameIn(a, lang), nameIn(b, lang)))
              .map((x) => (
                <option key={x.id} value={x.id}>
                  {nameIn(x, lang)}
                </option>
              ))}
          </optgroup>
        ))}
      </select>
    );
  },
);

/** The 8 divisions, in the page's language; `placeholder` is the empty choice. */
export function DivisionSelect({ placeholder, ...props }: SelectHTMLAttributes<HTMLSelectElement> & { placeholder: string }) {
  const lang = useLang();
  const sort = collator(lang);
  return (
    <select {...props}>
      <option value="">{placeholder}</option>
      {[...divisions]
        .sort((a, b) => sort.compare(nameIn(a, lang), nameIn(b, lang)))
        .map((d) => (
          <option key={d.id} value={d.id}>
            {nameIn(d, lang)}
          </option>
        ))}
    </select>
  );
}
