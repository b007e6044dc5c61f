import { feeOf, poishaOf } from '@market/contract';
import { parseAmount, takaProblem } from '@market/contract/rules';
import { money, number } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { useFeesQuery } from './money-api.ts';

/**
 * What the site keeps of a sale through it (issue 32), beside the resale price as it is typed: the fee and what the
 * seller receives once the price is one the form would take, else only the terms; nothing until the terms are here.
 */
export function FeeNote({ id, price }: { id: string; price: string }) {
  const t = useT('dashboard');
  const { data: terms } = useFeesQuery();
  if (!terms) return null;
  const amount = parseAmount(price);
  const shown = { percent: number(terms.percent), minimum: money(poishaOf(terms.minimum)) };
  let text = t('feeNote.terms', shown);
  if (amount !== null && takaProblem(amount) === null) {
    const fee = feeOf(amount, terms);
    text = t('feeNote.amounts', { ...shown, fee: money(fee), net: money(poishaOf(amount) - fee) });
  }
  return (
    <p id={id} className="rounded-box border-l-4 border-info bg-info/10 px-4 py-3 text-sm wrap-anywhere sm:col-span-2">
      {text}
    </p>
  );
}
