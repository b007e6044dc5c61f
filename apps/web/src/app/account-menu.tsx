import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/**
 * The signed-in person's menu under their avatar (issue 35): a button that says whether it is open (aria-expanded), a
 * list that is in the page (and the Tab order) only while open, closed by Escape (focus back on the button), by a
 * choice made in it, by a click elsewhere or by focus leaving it. The signed-out menu stays daisyUI's, which works
 * before the app's scripts run; this one is never drawn by the server.
 */
export function AccountMenu({ label, avatar, children }: { label: string; avatar: ReactNode; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);
  return (
    <div
      ref={box}
      className="relative"
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="btn btn-circle btn-ghost avatar"
        aria-label={label}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        {avatar}
      </button>
      <ul
        id={id}
        hidden={!open}
        className="menu absolute right-0 z-20 mt-3 w-56 rounded-box bg-base-100 p-2 shadow [&_li>a]:min-h-11 [&_li>button]:min-h-11"
        onClick={() => setOpen(false)}
      >
        {children}
      </ul>
    </div>
  );
}
