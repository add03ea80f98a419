// Only descriptors and lazy slots: the screens and the composer load through `lazy`, so the
// portal can import this entry statically without pulling them into its first load.
export { communicationScreens } from './lib/communication-screens';
export { communicationSlots } from './lib/communication-slots';
