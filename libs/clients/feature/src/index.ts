// Only descriptors: the screens load through their lazy `element`, so the portal can import
// this entry statically without pulling the screens into its first load.
export { clientsScreens } from './lib/clients-screens';
// The top bar's find-anything box (its results panel loads lazily).
export { FindAnything } from './lib/find-anything';
