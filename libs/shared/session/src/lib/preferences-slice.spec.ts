import { isDarkMode, loadPreferences, preferencesReducer, styleChosen, darkModeChosen } from './preferences-slice';
import { LS_DARK_MODE, LS_STYLE } from './storage-keys';

beforeEach(() => localStorage.clear());

it('follows the spec rule for dark mode', () => {
  expect(isDarkMode('1', false)).toBe(true);
  expect(isDarkMode('0', true)).toBe(false);
  expect(isDarkMode(null, true)).toBe(true);
  expect(isDarkMode(null, false)).toBe(false);
});

it("reads stored preferences, defaulting to style 'basic' and no dark flag", () => {
  expect(loadPreferences()).toEqual({ style: 'basic', darkMode: null });
  localStorage.setItem(LS_STYLE, 'white');
  localStorage.setItem(LS_DARK_MODE, '0');
  expect(loadPreferences()).toEqual({ style: 'white', darkMode: '0' });
  localStorage.setItem(LS_STYLE, 'neon');
  localStorage.setItem(LS_DARK_MODE, 'yes');
  expect(loadPreferences()).toEqual({ style: 'basic', darkMode: null });
});

it('records choices', () => {
  let s = preferencesReducer(undefined, styleChosen('white'));
  s = preferencesReducer(s, darkModeChosen(true));
  expect(s).toEqual({ style: 'white', darkMode: '1' });
  expect(preferencesReducer(s, darkModeChosen(false)).darkMode).toBe('0');
});
