#!/usr/bin/env node
// `npx stone-sinks-conformance <base-url>`: the package's bin. Node cannot run
// TypeScript itself, so tsx's loader is registered first, then the CLI loaded.
import { register } from 'tsx/esm/api';

register();
await import('./cli.ts');
