export { canOpenScreen, firstCallUrl, menuHref, type ScreenFirstCall, type ScreenMenu, type ScreenSpec } from './lib/screen-spec';
export { SCREENS, SCREEN_CATALOG, type ScreenKey } from './lib/screen-catalog';
