import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False in the server's render and while the browser hydrates it, true once the app runs the part: for what
 * the server cannot know (the shared slices hold no page's values yet) but the first render must match.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
