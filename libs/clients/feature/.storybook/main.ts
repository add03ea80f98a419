// This lib's Storybook: `npx nx storybook clients-feature`. The setup is shared, see tools/storybook.
import { workbenchMain } from '../../../../tools/storybook/main';

export default workbenchMain(import.meta.dirname);
