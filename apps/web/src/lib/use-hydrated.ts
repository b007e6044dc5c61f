import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False in the server's render and while React hydrates it (the server drew it for a signed-out visitor, with
 * empty slices: entry-server.tsx), true in every render after it and in a page rendered in the browser: React
 * renders again once hydrated. For what the server cannot know but the first render must match.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
