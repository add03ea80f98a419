import { routeName } from '@loan/shared-server/testing';
import { createTestApp } from './test-app';

/**
 * Every route of the api declares the schema of its answer (`response`, or `null` for a
 * stream, a file or an empty reply), so the test harness (validateResponses) checks every
 * answer any test provokes against the contract.
 */
describe('response schemas', () => {
  it('are declared by every route', async () => {
    const t = await createTestApp({ seed: 'none' });
    try {
      expect(t.config.validateResponses).toBe(true);
      expect(t.app.routeTable.length).toBeGreaterThan(60);
      const missing = t.app.routeTable.filter((r) => r.response === undefined).map(routeName);
      expect(missing).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
