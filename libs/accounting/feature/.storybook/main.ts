// This lib's Storybook: `npx nx storybook accounting-feature`. The setup is shared, see tools/storybook.
import { workbenchMain } from '../../../../tools/storybook/main';

export default workbenchMain(import.meta.dirname);
