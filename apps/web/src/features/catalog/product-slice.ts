import type { Product } from '@market/contract';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * The spec's product slice: a working list, the full list and the price range. The range is the
 * price slider's live one in taka (decision 021): the URL holds the range applied, the slice where
 * the handles are while they move. The spec's 100–1000 start is never applied as a filter.
 */
export interface ProductState {
  value: Product[];
  all: Product[];
  querys: { lowPrice: number; hightPrice: number };
}

const initialState: ProductState = { value: [], all: [], querys: { lowPrice: 100, hightPrice: 1000 } };

const productSlice = createSlice({
  name: 'product',
  initialState,
  reducers: {
    setPriceRange(state, action: PayloadAction<{ lowPrice: number; hightPrice: number }>) {
      state.querys = action.payload;
    },
  },
});

export const { setPriceRange } = productSlice.actions;
export default productSlice.reducer;
