import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The spec's history slice: a period filter, Daily to start. */
const historySlice = createSlice({
  name: 'history',
  initialState: { filter: 'Daily' as 'Daily' | 'Weekly' | 'Monthly' },
  reducers: {
    setFilter(state, action: PayloadAction<'Daily' | 'Weekly' | 'Monthly'>) {
      state.filter = action.payload;
    },
  },
});

export const { setFilter } = historySlice.actions;
export default historySlice.reducer;
