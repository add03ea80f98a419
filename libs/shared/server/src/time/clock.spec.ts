import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../testing/harness';
import { queryRows } from '../db/sql';
import { businessTimeZone, businessToday, fixedBusinessDate, setBusinessDate } from './clock';

/** The one business clock (migration 1650): settable, and the SQL and the server agree. */
describe('business clock', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('none');
  });
  afterAll(() => t.close());
  afterEach(() => setBusinessDate(t.database.db, null));

  it('follows the Lusaka date of the real clock until a date is fixed', async () => {
    const lusaka = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lusaka' }).format(new Date());
    expect(await businessToday(t.database.db)).toBe(lusaka);
    expect(await businessTimeZone(t.database.db)).toBe('Africa/Lusaka');
    expect(await fixedBusinessDate(t.database.db)).toBeNull();
  });

  it('moves to a fixed date for every reader, SQL included, and back', async () => {
    await setBusinessDate(t.database.db, '2027-03-31');
    expect(await businessToday(t.database.db)).toBe('2027-03-31');
    const [row] = await queryRows<{ d: string }>(t.database.db, sql`SELECT (business_today() + 1)::text AS d`);
    expect(row.d).toBe('2027-04-01');
    await setBusinessDate(t.database.db, null);
    expect(await fixedBusinessDate(t.database.db)).toBeNull();
  });

  it('refuses what is not a date', async () => {
    await expect(setBusinessDate(t.database.db, '31/03/2027')).rejects.toThrow('not a date');
  });
});
