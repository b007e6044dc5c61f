import { formatCardNumber, formatCvc, formatExpiry, type SandboxCard } from './card-input.ts';

/** A card input in the style of Stripe's card element, for the built-in sandbox. */
export function SandboxCardFields({ value, onChange, disabled }: { value: SandboxCard; onChange(card: SandboxCard): void; disabled: boolean }) {
  const set = (key: keyof SandboxCard, format: (text: string) => string) => (e: React.ChangeEvent<HTMLInputElement>) =>
    onChange({ ...value, [key]: format(e.target.value) });
  return (
    <fieldset className="rounded-lg border border-base-300 p-3" disabled={disabled}>
      <legend className="px-1 text-sm text-base-content/80">Card (test mode: use 4242 4242 4242 4242)</legend>
      {/* On a phone the number has a line of its own, so all 19 characters show. */}
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-[1fr_6rem_4.5rem]">
        <input
          className="input input-sm input-bordered col-span-2 w-full sm:col-span-1"
          placeholder="Card number"
          inputMode="numeric"
          autoComplete="cc-number"
          aria-label="Card number"
          value={value.number}
          onChange={set('number', formatCardNumber)}
        />
        <input
          className="input input-sm input-bordered w-full"
          placeholder="MM / YY"
          autoComplete="cc-exp"
          aria-label="Expiry date"
          value={value.expiry}
          inputMode="numeric"
          onChange={set('expiry', formatExpiry)}
        />
        <input
          className="input input-sm input-bordered w-full"
          placeholder="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          aria-label="CVC"
          value={value.cvc}
          onChange={set('cvc', formatCvc)}
        />
      </div>
    </fieldset>
  );
}
