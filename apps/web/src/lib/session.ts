import type { User } from '@market/contract';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface AuthState {
  user: User | null;
  token: string | null;
  verify: boolean;
  loading: boolean;
}

export const AUTH_STORAGE_KEY = 'auth';
const initialState: AuthState = { user: null, token: null, verify: false, loading: false };

/** The persisted auth slice, or the initial state when storage is empty or unreadable. */
export function loadAuth(storage: Pick<Storage, 'getItem'> = localStorage): AuthState {
  try {
    const saved = JSON.parse(storage.getItem(AUTH_STORAGE_KEY) ?? 'null') as Partial<AuthState> | null;
    if (saved && typeof saved.token === 'string' && saved.user) return { ...initialState, user: saved.user, token: saved.token };
  } catch {
    // fall through to a signed-out state
  }
  return initialState;
}

const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    signedIn(state, action: PayloadAction<{ user: User; token: string }>) {
      state.user = action.payload.user;
      state.token = action.payload.token;
    },
    signedOut() {
      return initialState;
    },
    /** The same account as stored now on the server (GET /api/me): e.g. its address was confirmed meanwhile. */
    userRefreshed(state, action: PayloadAction<User>) {
      if (state.user?._id === action.payload._id) state.user = action.payload;
    },
    setLoading(state, action: PayloadAction<boolean>) {
      state.loading = action.payload;
    },
  },
});

export const { signedIn, signedOut, userRefreshed, setLoading } = authSlice.actions;
export default authSlice.reducer;
