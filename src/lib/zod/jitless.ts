// zod compiles object schemas with `new Function` when the page allows it,
// and probes for that by calling `Function('')`. The production server's
// Content-Security-Policy forbids eval, so the probe would be reported as a
// violation on every load: zod runs in its interpreted mode instead (the
// schemas check the same things). Imported first by main.tsx, before any schema parses.
//
// zod keeps its configuration on globalThis.__zod_globalConfig and adopts an object already
// there when it loads (zod/v4/core's core.ts documents pre-populating it this way). Setting it
// here, instead of calling zod's config(), keeps zod itself (about 3.5 KB gzip) out of the entry
// chunk: it downloads with the first screen that builds a schema. A test checks zod still reads it.
import type { $ZodConfig } from 'zod/v4/core';

const scope = globalThis as typeof globalThis & { __zod_globalConfig?: Partial<$ZodConfig> };
scope.__zod_globalConfig = Object.assign(scope.__zod_globalConfig ?? {}, { jitless: true });
