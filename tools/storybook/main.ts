// The one Storybook configuration of the workspace. Each lib's `.storybook/main.ts` is
// `export default workbenchMain(import.meta.dirname)`; the composed Storybook
// (tools/storybook/.storybook) passes the stories of every lib.
import { join, relative } from 'node:path';
import type { StorybookConfig } from '@storybook/react-vite';
import { mergeConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const here = import.meta.dirname;

/**
 * @param configDir the `.storybook` folder (its `import.meta.dirname`)
 * @param stories globs relative to it; by default the stories beside the lib's code
 */
export function workbenchMain(configDir: string, stories: string[] = ['../src/**/*.stories.@(ts|tsx)']): StorybookConfig {
  return {
    stories,
    addons: ['@storybook/addon-a11y'],
    framework: { name: '@storybook/react-vite', options: {} },
    // One preview (decorators, toolbar, MSW) for every Storybook: no copy per lib.
    previewAnnotations: (entries: string[] = []) => [...entries, join(here, 'preview.tsx')],
    // The MSW service worker (`npx msw init tools/storybook/public`), served at the root.
    staticDirs: [relative(configDir, join(here, 'public'))],
    core: { disableTelemetry: true },
    // react-docgen reads every component's props for the Controls panel; the test run
    // (ci.mjs sets WORKBENCH_DOCGEN=off) uses no controls, and docgen was 90% of the build's
    // plugin time (214 s of 239 s on a 2-core machine).
    ...(process.env['WORKBENCH_DOCGEN'] === 'off' && { typescript: { reactDocgen: false as const } }),
    viteFinal: async (config) =>
      mergeConfig(config, {
        plugins: [react(), tailwindcss()],
        // tsconfig paths (@loan/*) by Vite itself: see apps/portal/vite.config.mts.
        resolve: { tsconfigPaths: true, alias: { 'msw/node': join(here, 'msw-node-stub.ts') } },
        build: { chunkSizeWarningLimit: 2000 },
      }),
  };
}
