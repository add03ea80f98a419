import type { ZodType } from 'zod';
import type { RouteDef } from '../http/route';

/** Helpers for tests that walk app.routeTable. */

/** Fills every `:param` of a path with a value (an id that does not exist by default). */
export function fillParams(url: string, value: (name: string) => string = () => '999999'): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encodeURIComponent(value(name)));
}

export const routeName = (r: RouteDef) => `${r.method} ${r.url}`;

interface ZodDefLike {
  type?: string;
  shape?: Record<string, unknown>;
  in?: ZodType;
  innerType?: ZodType;
  options?: ZodType[];
  left?: ZodType;
  right?: ZodType;
}

/** The top-level keys an object schema accepts (through optional/default/pipe/union/refine wrappers). */
export function schemaKeys(schema: ZodType | undefined): string[] {
  if (!schema) return [];
  const def = (schema as unknown as { _zod: { def: ZodDefLike } })._zod.def;
  switch (def.type) {
    case 'object':
      return Object.keys(def.shape ?? {});
    case 'pipe':
      return schemaKeys(def.in);
    case 'optional':
    case 'default':
    case 'nullable':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return schemaKeys(def.innerType);
    case 'union':
      return [...new Set((def.options ?? []).flatMap((o) => schemaKeys(o)))];
    case 'intersection':
      return [...new Set([...schemaKeys(def.left), ...schemaKeys(def.right)])];
    default:
      return [];
  }
}

/**
 * The top-level fields of an object schema, by key (through the same wrappers as
 * schemaKeys; a key in several union members keeps each member's schema).
 */
export function schemaFields(schema: ZodType | undefined): [string, ZodType][] {
  if (!schema) return [];
  const def = (schema as unknown as { _zod: { def: ZodDefLike } })._zod.def;
  switch (def.type) {
    case 'object':
      return Object.entries((def.shape ?? {}) as Record<string, ZodType>);
    case 'pipe':
      return schemaFields(def.in);
    case 'optional':
    case 'default':
    case 'nullable':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return schemaFields(def.innerType);
    case 'union':
      return (def.options ?? []).flatMap((o) => schemaFields(o));
    case 'intersection':
      return [...schemaFields(def.left), ...schemaFields(def.right)];
    default:
      return [];
  }
}
