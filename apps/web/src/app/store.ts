import { configureStore } from '@reduxjs/toolkit';
import productReducer from '../features/catalog/product-slice.ts';
import { api, type ServerCalls } from '../lib/api.ts';
import { AUTH_STORAGE_KEY, loadAuth, type AuthState } from '../lib/session.ts';
import { sharedReducers } from '../lib/shared-state.ts';
import historyReducer from '../features/dashboard/admin/history-slice.ts';

/**
 * The app's store: signed in as stored in this browser unless told `auth`. A store made on the server
 * (entry-server.tsx) is signed out, has its calls answered by `server`, and keeps nothing.
 */
export function makeStore({ auth, server }: { auth?: AuthState; server?: ServerCalls } = {}) {
  const store = configureStore({
    reducer: { ...sharedReducers, product: productReducer, history: historyReducer },
    preloadedState: { auth: auth ?? loadAuth() },
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: server } }).concat(api.middleware),
  });
  if (server) return store;
  // Only the auth slice is persisted, under the key 'auth'.
  let saved = store.getState().auth;
  store.subscribe(() => {
    const { auth } = store.getState();
    if (auth === saved) return;
    saved = auth;
    if (auth.token) localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ user: auth.user, token: auth.token }));
    else localStorage.removeItem(AUTH_STORAGE_KEY);
  });
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
