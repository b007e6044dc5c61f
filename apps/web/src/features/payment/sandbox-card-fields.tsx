import type { SandboxCard } from './card-input.ts';

/** A card input in the style of Stripe's card element, for the built-in sandbox. */
export function SandboxCardFields({ value, onChange, disabled }: { value: SandboxCard; onChange(card: SandboxCard): void; disabled: boolean }) {
  const set = (key: keyof SandboxCard) => (e: React.ChangeEvent<HTMLInputElement>) => onChange({ ...value, [key]: e.target.value });
  return (
    <fieldset className="rounded-lg border border-base-300 p-3" disabled={disabled}>
      <legend className="px-1 text-sm text-base-content/80">Card (test mode: use 4242 4242 4242 4242)</legend>
      <div className="grid grid-cols-[1fr_5.5rem_4.5rem] gap-2">
        <input
          className="input input-sm input-bordered w-full"
          placeholder="Card number"
          inputMode="numeric"
          autoComplete="cc-number"
          aria-label="Card number"
          value={value.number}
          onChange={set('number')}
        />
        <input
          className="input input-sm input-bordered w-full"
          placeholder="MM / YY"
          autoComplete="cc-exp"
          aria-label="Expiry date"
          value={value.expiry}
          onChange={set('expiry')}
        />
        <input
          className="input input-sm input-bordered w-full"
          placeholder="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          aria-label="CVC"
          value={value.cvc}
          onChange={set('cvc')}
        />
      </div>
    </fieldset>
  );
}
