import { describe, expect, it } from 'vitest';
import { e2eSpecsFor, serverTestsFor } from '../changed-files';
import { formatTable } from '../table';
import { batches, steps } from '../steps';

const serverTests = [
  'server/test/modules/products.test.ts',
  'server/test/delivery/outbox.test.ts',
  'server/test/channels/whatsapp/whatsapp-sender.test.ts',
  'server/test/bot/bot-settings.test.ts',
  'server/test/modules/auth.test.ts',
  'server/test/delivery/delivery-state.test.ts',
  'server/test/channels/channels.test.ts',
  'server/test/app/etag.test.ts',
  'server/test/app/text.test.ts',
];
const specs = ['e2e/settings.spec.ts', 'e2e/bot-settings.spec.ts', 'e2e/products.spec.ts', 'e2e/smoke.spec.ts'];

describe('test:changed picks the tests a change touches', () => {
  it('a module of the server runs the tests named after it, not the rest', () => {
    expect(serverTestsFor(['server/modules/products/service.ts'], serverTests)).toEqual([
      'server/test/modules/products.test.ts',
    ]);
  });

  it('a changed server test runs itself; a file outside server/ runs no server test', () => {
    expect(serverTestsFor(['server/test/modules/auth.test.ts', 'src/main.tsx'], serverTests)).toEqual([
      'server/test/modules/auth.test.ts',
    ]);
  });

  it('the folders and the file name count: delivery/outbox/sender.ts runs the delivery, outbox and sender tests', () => {
    expect(serverTestsFor(['server/delivery/outbox/sender.ts'], serverTests)).toEqual([
      'server/test/channels/whatsapp/whatsapp-sender.test.ts',
      'server/test/delivery/delivery-state.test.ts',
      'server/test/delivery/outbox.test.ts',
    ]);
  });

  it('a file runs the tests in the folder of server/test/ that mirrors its own', () => {
    expect(serverTestsFor(['server/app/text.ts'], serverTests)).toEqual([
      'server/test/app/etag.test.ts',
      'server/test/app/text.test.ts',
    ]);
    expect(serverTestsFor(['server/test/channels/test-channel.ts'], serverTests)).toEqual([
      'server/test/channels/channels.test.ts',
    ]);
  });

  it('a WhatsApp file runs the channel and WhatsApp tests; "app" in "whatsapp" picks nothing from app/', () => {
    expect(serverTestsFor(['server/channels/whatsapp/sender/cloud-sender.ts'], serverTests)).toEqual([
      'server/test/channels/channels.test.ts',
      'server/test/channels/whatsapp/whatsapp-sender.test.ts',
    ]);
    expect(serverTestsFor(['server/app/plugins/etag.ts'], serverTests)).toEqual(['server/test/app/etag.test.ts']);
  });

  it('a dashboard feature runs every spec named after it', () => {
    expect(e2eSpecsFor(['src/features/settings/bot-settings.tsx'], specs)).toEqual({
      specs: ['e2e/bot-settings.spec.ts', 'e2e/settings.spec.ts'],
      helpersChanged: false,
    });
  });

  it('a shared component runs the smoke spec; a fixture asks for the specs importing it', () => {
    expect(e2eSpecsFor(['src/components/ui/field.tsx', 'e2e/fixtures/test.ts'], specs)).toEqual({
      specs: ['e2e/smoke.spec.ts'],
      helpersChanged: true,
    });
  });

  it('a unit test alone runs no e2e spec', () => {
    expect(e2eSpecsFor(['src/features/products/__tests__/products.test.tsx'], specs).specs).toEqual([
      'e2e/products.spec.ts',
    ]);
    expect(e2eSpecsFor(['src/lib/__tests__/format.test.ts'], specs).specs).toEqual([]);
  });
});

describe("npm test's closing table", () => {
  it('lists each step with its time and result, and the total', () => {
    const table = formatTable(
      [
        { round: 1, step: 'lint', seconds: 12.34, result: 'passed' },
        { round: 1, step: 'server', seconds: 498, result: 'failed (exit 1)' },
      ],
      510.34,
    );
    expect(table.split('\n')).toEqual([
      'Time per step',
      'step    time  seconds  result',
      '------  ----  -------  ---------------',
      'lint    0:12     12.3  passed',
      'server  8:18    498.0  failed (exit 1)',
      '------  ----  -------  ---------------',
      'total   8:30    510.3',
    ]);
  });
});

describe("npm test's runs", () => {
  it('runs consecutive steps marked together at the same time, every other step alone, in order', () => {
    const step = (name: string, together?: string) => ({ name, script: name, together });
    const names = (chosen: ReturnType<typeof step>[]) => batches(chosen).map((batch) => batch.map((s) => s.name));
    expect(names([step('lint'), step('a', 'x'), step('b', 'x'), step('c', 'y'), step('d', 'x')])).toEqual([
      ['lint'],
      ['a', 'b'],
      ['c'],
      ['d'],
    ]);
    // The real list: every step alone, in order.
    expect(batches(steps).map((batch) => batch.length)).toEqual(steps.map(() => 1));
  });
});
