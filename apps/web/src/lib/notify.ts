/**
 * Success and error toasts. react-hot-toast loads on demand (main.tsx mounts its Toaster
 * lazily too), so it is not part of the first bundle; a toast waits for it, a few ms at most.
 */
const toaster = () => import('react-hot-toast').then((m) => m.default);

export const notify = {
  success: (message: string) => void toaster().then((toast) => toast.success(message)),
  error: (message: string) => void toaster().then((toast) => toast.error(message)),
};
