// zod compiles object schemas with `new Function` when the page allows it,
// and probes for that by calling `Function('')`. The production server's
// Content-Security-Policy forbids eval, so the probe would be reported as a
// violation on every load: zod runs in its interpreted mode instead (the
// schemas check the same things). Imported first by main.tsx, before any schema parses.
import { config } from 'zod/v4/core';

config({ jitless: true });
