// Imported first by main.tsx, before any module that declares a schema. zod decides when a
// schema is declared whether to compile it with new Function, after probing for eval; the
// CSP forbids eval, so the probe would be refused and reported as a violation. jitless makes
// zod use its interpreted path (same results). Set on zod's shared global config object
// (zod 4 reads globalThis.__zod_globalConfig), so this file needs no import of zod and the
// setting holds even for a lazily loaded chunk.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};
