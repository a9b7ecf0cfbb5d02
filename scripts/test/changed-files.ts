// Which server tests and e2e specs a change touches, by name (the pure half of changed.ts).
import { basename, posix } from 'node:path';

const stem = (file: string) =>
  basename(file)
    .replace(/\.(test|spec)?\.?tsx?$/, '')
    .replace(/\.(test|spec)$/, '');

/**
 * Server test files for the changed files: a changed test file itself; the tests in the folder
 * of server/test/ that mirrors the changed file's folder (server/delivery/state.ts →
 * server/test/delivery/…); and every test whose name contains the name of a folder under
 * server/ that holds a changed file (modules/products → products.test.ts) or the changed file's
 * own name (delivery/outbox/sender.ts → whatsapp-sender…, outbox.test.ts by its folder).
 * Folders that name nothing (app, modules, test…) are skipped.
 */
export function serverTestsFor(changed: string[], serverTests: string[]): string[] {
  // "app" is in "whatsapp": it names nothing either.
  const generic = new Set(['server', 'app', 'modules', 'test', 'index', 'routes', 'service', 'repository', 'types']);
  const words = new Set<string>();
  const folders = new Set<string>();
  const chosen = new Set<string>();
  for (const file of changed) {
    if (!file.startsWith('server/')) continue;
    if (serverTests.includes(file)) {
      chosen.add(file);
      continue;
    }
    const parts = file.split('/').slice(1);
    const path = parts.slice(0, -1);
    // A test's helper (server/test/channels/test-channel.ts) mirrors its folder as a source file does.
    const mirror = path[0] === 'test' ? path.slice(1) : path;
    if (mirror.length > 0) folders.add(mirror.join('/'));
    for (const word of [...path, stem(file)]) if (word && !generic.has(word)) words.add(word);
  }
  for (const test of serverTests) {
    const name = stem(test);
    const mirrored = folders.has(posix.dirname(test).replace(/^server\/test\/?/, ''));
    if (mirrored || [...words].some((word) => name.includes(word))) chosen.add(test);
  }
  return [...chosen].sort();
}

/**
 * e2e specs for the changed files: changed spec files, and the spec named after each dashboard
 * feature touched (src/features/settings/… → e2e/settings.spec.ts, and bot-settings, …: every
 * spec whose name contains the feature's). A change elsewhere in src/ (components, lib, app)
 * runs the smoke spec. helpersChanged: an e2e file that is not a spec changed (fixtures,
 * support), so the specs importing it must run too.
 */
export function e2eSpecsFor(changed: string[], specs: string[]): { specs: string[]; helpersChanged: boolean } {
  const chosen = new Set<string>();
  let helpersChanged = false;
  for (const file of changed) {
    if (file.startsWith('e2e/')) {
      if (specs.includes(file)) chosen.add(file);
      else helpersChanged = true;
      continue;
    }
    const feature = /^src\/features\/([^/]+)\//.exec(file)?.[1];
    if (feature) {
      const named = specs.filter((spec) => stem(spec).includes(feature));
      for (const spec of named) chosen.add(spec);
      if (named.length > 0) continue;
    }
    if (/^src\/.*\.(tsx?|css)$/.test(file) && !/__tests__|\.test\./.test(file)) {
      const smoke = specs.find((spec) => stem(spec) === 'smoke');
      if (smoke) chosen.add(smoke);
    }
  }
  return { specs: [...chosen].sort(), helpersChanged };
}
