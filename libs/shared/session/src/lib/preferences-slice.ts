import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_STYLE, STYLES, type StyleName } from '@loan/shared-contract';
import { browserStorage, LS_DARK_MODE, LS_STYLE } from './storage-keys';

/** '1' on, '0' off, null: follow the system (spec §4). */
export type DarkModeFlag = '1' | '0' | null;

export interface PreferencesState {
  style: StyleName;
  darkMode: DarkModeFlag;
}

function readStyle(): StyleName {
  const v = browserStorage.local.get(LS_STYLE);
  return (STYLES as readonly string[]).includes(v ?? '') ? (v as StyleName) : DEFAULT_STYLE;
}
function readDark(): DarkModeFlag {
  const v = browserStorage.local.get(LS_DARK_MODE);
  return v === '1' || v === '0' ? v : null;
}

/** Preferences as stored in localStorage now (read when the store is built). */
export function loadPreferences(): PreferencesState {
  return { style: readStyle(), darkMode: readDark() };
}

/** Spec §4: dark when the stored flag is '1', or no flag is stored and the system prefers dark. */
export function isDarkMode(flag: DarkModeFlag, systemPrefersDark: boolean): boolean {
  return flag === '1' || (flag === null && systemPrefersDark);
}

export function systemPrefersDark(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-color-scheme: dark)').matches
    : false;
}

export const preferencesSlice = createSlice({
  name: 'preferences',
  initialState: loadPreferences,
  reducers: {
    styleChosen(state, action: PayloadAction<StyleName>) {
      state.style = action.payload;
    },
    darkModeChosen(state, action: PayloadAction<boolean>) {
      state.darkMode = action.payload ? '1' : '0';
    },
    /** After storage was cleared (401 rule): re-read what is left. */
    preferencesReloaded() {
      return loadPreferences();
    },
  },
});

export const { styleChosen, darkModeChosen, preferencesReloaded } = preferencesSlice.actions;
export const preferencesReducer = preferencesSlice.reducer;

export interface PreferencesRootState {
  preferences: PreferencesState;
}
export const selectStyle = (s: PreferencesRootState) => s.preferences.style;
export const selectDarkFlag = (s: PreferencesRootState) => s.preferences.darkMode;
