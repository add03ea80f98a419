// What the test runner checks on every story besides its play function and axe (the a11y
// addon's `test: 'error'`): the story renders without a console error or an uncaught error.
import type { TestRunnerConfig } from '@storybook/test-runner';

type Page = Parameters<NonNullable<TestRunnerConfig['preVisit']>>[0];

// The stories answer 403/404/422/500 on purpose; Chromium reports each such answer.
const EXPECTED = [/Failed to load resource: the server responded with a status of \d{3}/];
const errors = new WeakMap<Page, string[]>();

export const workbenchTestRunner: TestRunnerConfig = {
  async preVisit(page) {
    if (!errors.has(page)) {
      const list: string[] = [];
      errors.set(page, list);
      page.on('console', (msg) => {
        if (msg.type() === 'error' && !EXPECTED.some((re) => re.test(msg.text()))) list.push(msg.text());
      });
      page.on('pageerror', (err) => list.push(`uncaught: ${err.message}`));
    }
    (errors.get(page) as string[]).length = 0;
  },
  async postVisit(page, context) {
    const list = errors.get(page) ?? [];
    if (list.length) throw new Error(`${context.title} / ${context.name} logged console errors:\n${list.join('\n')}`);
  },
};
