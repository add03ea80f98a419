import { createSlice, type UnknownAction } from '@reduxjs/toolkit';

/**
 * Api and navigation activity for the top progress bar (spec §9): how many api requests
 * are in flight, whether one failed since the bar last started, and whether a lazily
 * loaded screen is still loading.
 */
export interface ActivityState {
  pending: number;
  failed: boolean;
  navigating: number;
}

const initialState: ActivityState = { pending: 0, failed: false, navigating: 0 };

// RTK Query runs every request as an async thunk of the api slice: 'api/executeQuery/pending' etc.
const isApiThunk = (a: UnknownAction, phase: string) =>
  a.type.startsWith('api/execute') && a.type.endsWith(`/${phase}`);

export const activitySlice = createSlice({
  name: 'activity',
  initialState,
  reducers: {
    screenLoading(state) {
      if (state.pending === 0 && state.navigating === 0) state.failed = false;
      state.navigating += 1;
    },
    screenLoaded(state) {
      state.navigating = Math.max(0, state.navigating - 1);
    },
  },
  extraReducers: (b) => {
    b.addMatcher(
      (a: UnknownAction) => isApiThunk(a, 'pending'),
      (state) => {
        if (state.pending === 0 && state.navigating === 0) state.failed = false;
        state.pending += 1;
      },
    );
    b.addMatcher(
      (a: UnknownAction) => isApiThunk(a, 'fulfilled'),
      (state) => {
        state.pending = Math.max(0, state.pending - 1);
      },
    );
    b.addMatcher(
      (a: UnknownAction) => isApiThunk(a, 'rejected'),
      (state, action) => {
        const meta = (action as { meta?: { condition?: boolean; aborted?: boolean } }).meta;
        // A request skipped by its condition never dispatched 'pending'.
        if (meta?.condition) return;
        state.pending = Math.max(0, state.pending - 1);
        if (!meta?.aborted) state.failed = true;
      },
    );
  },
});

export const { screenLoading, screenLoaded } = activitySlice.actions;
export const activityReducer = activitySlice.reducer;
