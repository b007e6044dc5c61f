import { useId } from 'react';

/** Words typed in a dialog (a reason, a review, an answer), with the line under them: the hint, or what is wrong. */
export function WordsField({
  label,
  value,
  onChange,
  problem,
  hint,
  rows = 3,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  problem: string | null;
  hint: string;
  rows?: number;
}) {
  const hintId = useId();
  return (
    <>
      <label className="block">
        <span className="label-text">{label}</span>
        <textarea
          rows={rows}
          className="textarea textarea-bordered mt-1 w-full"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-describedby={hintId}
          aria-invalid={problem ? true : undefined}
        />
      </label>
      <p id={hintId} className="text-sm">
        {problem ? <span className="text-error">{problem}</span> : <span className="text-base-content/75">{hint}</span>}
      </p>
    </>
  );
}
