import { useT, type Key } from '../../lib/i18n.ts';
import { formatCardNumber, formatCvc, formatExpiry, type SandboxCard } from './card-input.ts';

/** The three boxes, each formatting what is typed. On a phone the number has a line of its own, so all 19 characters show. */
const fields: {
  key: keyof SandboxCard;
  label: Key<'payment'>;
  placeholder: Key<'payment'>;
  autoComplete: string;
  format: (text: string) => string;
  wide?: boolean;
}[] = [
  { key: 'number', label: 'payment.cardNumber', placeholder: 'payment.cardNumber', autoComplete: 'cc-number', format: formatCardNumber, wide: true },
  { key: 'expiry', label: 'payment.expiry', placeholder: 'payment.expiryPlaceholder', autoComplete: 'cc-exp', format: formatExpiry },
  { key: 'cvc', label: 'payment.cvc', placeholder: 'payment.cvc', autoComplete: 'cc-csc', format: formatCvc },
];

/** A card input in the style of Stripe's card element, for the built-in sandbox. */
export function SandboxCardFields({ value, onChange, disabled }: { value: SandboxCard; onChange(card: SandboxCard): void; disabled: boolean }) {
  const t = useT('payment');
  return (
    <fieldset className="rounded-lg border border-base-300 p-3" disabled={disabled}>
      <legend className="px-1 text-sm text-base-content/80">{t('payment.testCard')}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-[1fr_6rem_4.5rem]">
        {fields.map((f) => (
          <input
            key={f.key}
            className={`input input-sm input-bordered w-full ${f.wide ? 'col-span-2 sm:col-span-1' : ''}`}
            placeholder={t(f.placeholder)}
            inputMode="numeric"
            autoComplete={f.autoComplete}
            aria-label={t(f.label)}
            value={value[f.key]}
            onChange={(e) => onChange({ ...value, [f.key]: f.format(e.target.value) })}
          />
        ))}
      </div>
    </fieldset>
  );
}
