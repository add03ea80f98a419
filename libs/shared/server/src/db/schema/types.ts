import { bigint, customType, numeric, timestamp } from 'drizzle-orm/pg-core';

/** Column helpers so every table reads the same way as its SQL migration. */
export const id = (name = 'id') => bigint(name, { mode: 'number' });
/** numeric(14,2): exact money, read and written as a decimal string ('12500.00'). */
export const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** bytea as a Buffer on both drivers (PGlite answers Uint8Array, node-postgres Buffer). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
  toDriver: (v) => v,
});
