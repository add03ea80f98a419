import { config } from 'zod';

// Imported first by main.tsx, before any module that declares a schema: zod decides when a
// schema is declared whether to compile it with new Function, after probing for eval. The
// CSP forbids eval (the probe would be refused and reported as a violation); zod's
// interpreted path validates the same.
config({ jitless: true });
