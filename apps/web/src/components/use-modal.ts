import { useEffect, useRef } from 'react';

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Tab and Shift+Tab go round the dialog's own controls: a native modal makes the page inert, but
 * after its last control the browser moves focus out to its own toolbar.
 */
function keepFocusInside(dialog: HTMLDialogElement, e: KeyboardEvent) {
  if (e.key !== 'Tab') return;
  const controls = [...dialog.querySelectorAll<HTMLElement>(focusable)].filter((el) => el.getClientRects().length > 0);
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}

/**
 * A native <dialog> shown as a modal while `open` is true: Escape closes it, and focus stays inside. It opens on its
 * control marked `data-autofocus` (the first field a person fills), else where the browser puts it (its first control).
 */
export function useModal(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && dialog.open) dialog.close();
    const onKey = (e: KeyboardEvent) => keepFocusInside(dialog, e);
    dialog.addEventListener('keydown', onKey);
    return () => dialog.removeEventListener('keydown', onKey);
  }, [open]);
  return ref;
}
