import type { Product } from '@market/contract';
import { Fragment } from 'react';
import { storageLabel } from '../../components/listing-words.ts';
import { number } from '../../lib/format.ts';
import { currentLang, translate, useT, type Key } from '../../lib/i18n.ts';

const months = (n: number) => (n === 0 ? translate('specs.noWarranty') : translate('specs.monthsLeft', { count: n, shown: number(n) }));

/** A listing's specs and its seller's declarations, as term (its id) and value: only what the listing says (older ones say nothing). */
export function specsOf(p: Product): [Key<'catalog'>, string][] {
  const rows: [Key<'catalog'>, string | null][] = [
    // The catalogue's model (issue 34), named in the reader's language.
    ['specs.phoneModel', p.phoneModel && (currentLang() === 'bn' ? p.phoneModel.nameBn : p.phoneModel.name)],
    ['specs.model', p.model],
    ['listing.storage', p.storageGb === null ? null : storageLabel(p.storageGb)],
    ['specs.ram', p.ramGb === null ? null : storageLabel(p.ramGb)],
    ['specs.colour', p.colour],
    ['listing.batteryHealth', p.batteryHealth === null ? null : `${number(p.batteryHealth)}%`],
    ['specs.notLocked', p.notLocked === null ? null : translate(p.notLocked ? 'specs.yes' : 'specs.notDeclared')],
    ['specs.boxAndCharger', p.boxAndCharger === null ? null : translate(p.boxAndCharger ? 'specs.included' : 'specs.notIncluded')],
    ['specs.warranty', p.warrantyMonths === null ? null : months(p.warrantyMonths)],
    ['specs.imei', p.imei],
  ];
  return rows.filter((row): row is [Key<'catalog'>, string] => row[1] !== null && row[1] !== '');
}

/** The specs as rows of the detail page's description list. */
export function SpecRows({ product }: { product: Product }) {
  const t = useT('catalog');
  return specsOf(product).map(([term, value]) => (
    <Fragment key={term}>
      <dt className="font-semibold">{t(term)}</dt>
      <dd className={term === 'specs.imei' ? 'tabular-nums' : undefined}>{value}</dd>
    </Fragment>
  ));
}
