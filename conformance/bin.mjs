#!/usr/bin/env node
// `npx stone-sinks-conformance <base-url>` from this repository: the same CLI
// from its TypeScript sources, through tsx's loader (Node cannot run
// TypeScript itself). The package built from conformance/ runs dist/cli.js.
import { register } from 'tsx/esm/api';

register();
await import('./cli.ts');
