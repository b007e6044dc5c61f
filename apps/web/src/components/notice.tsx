import type { ReactNode } from 'react';

const tones = {
  success: 'border-success bg-success/10',
  info: 'border-info bg-info/10',
  error: 'border-error bg-error/10',
} as const;

/**
 * A message on the page (not a toast): the page's own text colour on a pale tint of the tone, as
 * daisyUI's soft alerts put coloured text on a tint that fails the contrast minimum.
 */
export function Notice({ tone, role, children }: { tone: keyof typeof tones; role?: 'alert'; children: ReactNode }) {
  return (
    <div role={role} className={`rounded-box border-l-4 px-4 py-3 text-base-content wrap-anywhere ${tones[tone]}`}>
      {children}
    </div>
  );
}
