import { configureStore } from '@reduxjs/toolkit';
import productReducer from '../features/catalog/product-slice.ts';
import { api } from '../lib/api.ts';
import { AUTH_STORAGE_KEY, loadAuth } from '../lib/session.ts';
import { sharedReducers } from '../lib/shared-state.ts';
import historyReducer from '../features/dashboard/history-slice.ts';

export function makeStore() {
  const store = configureStore({
    reducer: { ...sharedReducers, product: productReducer, history: historyReducer },
    preloadedState: { auth: loadAuth() },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
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
