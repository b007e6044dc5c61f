/**
 * Success and error toasts. react-hot-toast loads on demand (main.tsx mounts its Toaster
 * lazily too), so it is not part of the first bundle; a toast waits for it, a few ms at most.
 */
const toaster = () => import('react-hot-toast').then((m) => m.default);

/** Error toasts still on screen: a success that follows settles them (the earlier failure is over). */
const errors = new Set<string>();

export const notify = {
  success: (message: string) =>
    void toaster().then((toast) => {
      for (const id of errors) toast.dismiss(id);
      errors.clear();
      toast.success(message);
    }),
  // The same error again (Post pressed twice) renews the toast on screen instead of stacking a second one.
  error: (message: string) =>
    void toaster().then((toast) => {
      errors.add(toast.error(message, { id: `error:${message}` }));
    }),
};
