// The composed Storybook: ONE build over the stories of every lib (libs/**), so a new
// domain's stories join without an edit here. Chosen over refs because one Vite build shares
// React, the store and the kit between all stories (one build of ~1 min instead of one per
// lib plus a host), and the test runner visits one URL.
import { workbenchMain } from '../main';

export default workbenchMain(import.meta.dirname, ['../../../libs/**/src/**/*.stories.@(ts|tsx)']);
