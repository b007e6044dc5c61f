import type { Product } from '@market/contract';
import { Fragment } from 'react';
import { storageSize } from '../../lib/format.ts';

const months = (n: number) => (n === 0 ? 'None' : `${n} ${n === 1 ? 'month' : 'months'} left`);

/** A listing's specs and its seller's declarations, as term and value: only what the listing says (older ones say nothing). */
export function specsOf(p: Product): [string, string][] {
  const rows: [string, string | null][] = [
    ['Model', p.model],
    ['Storage', p.storageGb === null ? null : storageSize(p.storageGb)],
    ['RAM', p.ramGb === null ? null : `${p.ramGb} GB`],
    ['Colour', p.colour],
    ['Battery health', p.batteryHealth === null ? null : `${p.batteryHealth}%`],
    ['Not locked to an account', p.notLocked === null ? null : p.notLocked ? 'Yes' : 'Not declared'],
    ['Box and charger', p.boxAndCharger === null ? null : p.boxAndCharger ? 'Included' : 'Not included'],
    ['Warranty', p.warrantyMonths === null ? null : months(p.warrantyMonths)],
    ['IMEI', p.imei],
  ];
  return rows.filter((row): row is [string, string] => row[1] !== null && row[1] !== '');
}

/** The specs as rows of the detail page's description list. */
export function SpecRows({ product }: { product: Product }) {
  return specsOf(product).map(([term, value]) => (
    <Fragment key={term}>
      <dt className="font-semibold">{term}</dt>
      <dd className={term === 'IMEI' ? 'tabular-nums' : undefined}>{value}</dd>
    </Fragment>
  ));
}
