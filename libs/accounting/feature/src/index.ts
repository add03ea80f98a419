// Only descriptors: the screens load through their lazy `element`, so the portal can import
// this entry statically without pulling the screens into its first load.
export { accountingScreens } from './lib/accounting-screens';
