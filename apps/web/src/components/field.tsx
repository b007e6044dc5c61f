import type { ReactNode } from 'react';

/** A labelled form control with its error message under it: every form uses this. */
export function Field({ label, error, children }: { label: string; error?: string | undefined; children: ReactNode }) {
  return (
    <label className="form-control block">
      <span className="label-text">{label}</span>
      {children}
      {error && <span className="text-sm text-error">{error}</span>}
    </label>
  );
}
