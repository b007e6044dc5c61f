import type { Product } from '@market/contract';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The spec's product slice: a working list, the full list and the price filter (100–1000 to start). */
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
