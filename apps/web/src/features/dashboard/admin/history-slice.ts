import type { Period } from '@market/contract';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The spec's history slice: the admin chart's period filter, Daily to start. */
export interface HistoryState {
  filter: Period;
}

const initialState: HistoryState = { filter: 'Daily' };

const historySlice = createSlice({
  name: 'history',
  initialState,
  reducers: {
    setFilter(state, action: PayloadAction<Period>) {
      state.filter = action.payload;
    },
  },
});

export const { setFilter } = historySlice.actions;
export default historySlice.reducer;
