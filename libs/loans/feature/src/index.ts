// Only descriptors: the screens load through their lazy `element`, so the portal can import
// this entry statically without pulling the loans screens into its first load.
export { loansScreens } from './lib/loans-screens';
