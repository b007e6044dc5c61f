import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { api } from './api.ts';
import sessionReducer from './session.ts';

/** The slices every layer may read: the session (`auth`) and the API cache. The app's store is built on them. */
export const sharedReducers = { auth: sessionReducer, [api.reducerPath]: api.reducer } as const;

export type SharedState = { [K in keyof typeof sharedReducers]: ReturnType<(typeof sharedReducers)[K]> };
export type SharedDispatch = ThunkDispatch<SharedState, unknown, UnknownAction>;

/** Typed on the shared slices only, so features need nothing from the app's store. */
export const useAppDispatch = useDispatch.withTypes<SharedDispatch>();
export const useAppSelector = useSelector.withTypes<SharedState>();
