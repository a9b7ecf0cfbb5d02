// The quotation PDF read back as text (Poppler's pdftotext -layout): the
// business, the customer, every line, the totals, the number and the validity.
// The time to make one PDF is printed as information only.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDay, kes, quotePdf, quotePdfName, type QuotePdfInput } from '../../modules/quotes/pdf';
import { PNG } from '../helpers';

const PDFTOTEXT = ['/usr/bin/pdftotext', '/usr/local/bin/pdftotext'].find((path) => existsSync(path));

const quote: QuotePdfInput['quote'] = {
  id: 42,
  number: 'Q00042',
  revision: 2,
  conversationId: 106,
  customerName: 'Wanjiku Mutua',
  customerPhone: '+254711203344',
  status: 'sent',
  lines: [
    {
      productId: 3,
      description: 'Carrara White Marble',
      quantity: 3,
      unitPrice: 13800,
      installationPerUnit: 1500,
      lineTotal: 45900,
    },
    {
      productId: 9,
      description: 'Franke Stainless Steel Double Bowl Sink',
      quantity: 1,
      unitPrice: 18500.5,
      installationPerUnit: 0,
      lineTotal: 18500.5,
    },
  ],
  subtotal: 64400.5,
  deliveryFee: 2500,
  deliveryZoneId: 1,
  deliveryTown: 'Nairobi',
  pickup: false,
  discount: 7000,
  total: 59900.5,
  depositPercent: 50,
  deposit: 29950.25,
  validityDays: 14,
  validUntil: '2026-12-12T09:30:00.000Z',
  note: 'Installation within 3 days of delivery.',
  createdAt: '2026-11-28T09:20:00.000Z',
  sentAt: '2026-11-28T09:30:00.000Z',
  acceptedAt: null,
  pdfUrl: '/api/quotes/42/pdf',
};
const business: QuotePdfInput['business'] = {
  name: 'Stone & Sinks',
  phone: '+254 712 345 678',
  email: 'sales@stoneandsinks.co.ke',
  address: 'Mombasa Road, Nairobi',
  logoUrl: '/uploads/logo.png',
  quoteDepositPercent: 50,
  quoteValidityDays: 14,
};

function text(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'quote-pdf-'));
  try {
    writeFileSync(join(dir, 'q.pdf'), pdf);
    const run = spawnSync(PDFTOTEXT!, ['-layout', join(dir, 'q.pdf'), '-'], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`pdftotext failed: ${run.stderr}`);
    return run.stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
/** A line of the text holding every part, in order, with any spacing between. */
const row = (...parts: string[]) => new RegExp(parts.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s+'));

describe('quote PDF', () => {
  it('formats KES and days as the customer reads them', () => {
    expect(kes(13800)).toBe('KES 13,800.00');
    expect(kes(0.5)).toBe('KES 0.50');
    expect(kes(1234567.89)).toBe('KES 1,234,567.89');
    // 22:30 UTC is the next day in Nairobi (UTC+3).
    expect(formatDay('2026-12-11T22:30:00.000Z')).toBe('12 Dec 2026');
    expect(quotePdfName(quote)).toBe('Q00042-r2.pdf');
  });

  it.skipIf(!PDFTOTEXT)('prints the business, the customer, every line and the totals (needs pdftotext)', async () => {
    const started = performance.now();
    const pdf = await quotePdf({ quote, business, logo: { bytes: PNG, mime: 'image/png' } });
    const ms = performance.now() - started;
    console.info(`quote PDF: ${pdf.length} bytes in ${ms.toFixed(0)} ms (the first one loads pdfmake and its fonts)`);
    const again = performance.now();
    await quotePdf({ quote, business });
    console.info(`quote PDF, the next one: ${(performance.now() - again).toFixed(0)} ms`);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const out = text(pdf);
    for (const expected of [
      'Stone & Sinks',
      '+254 712 345 678',
      'sales@stoneandsinks.co.ke',
      'Mombasa Road, Nairobi',
      'Quotation',
      'Wanjiku Mutua',
      '+254711203344',
      'Installation within 3 days of delivery.',
    ])
      expect(out).toContain(expected);
    expect(out).toMatch(row('Number:', 'Q00042, revision 2'));
    expect(out).toMatch(row('Date:', '28 Nov 2026'));
    expect(out).toMatch(row('Valid until:', '12 Dec 2026'));
    expect(out).toMatch(row('Item', 'Qty', 'Unit price', 'Installation', 'Line total'));
    expect(out).toMatch(row('Carrara White Marble', '3', 'KES 13,800.00', 'KES 1,500.00', 'KES 45,900.00'));
    // A long name wraps inside its column; the figures stay on its first line.
    expect(out).toMatch(row('Franke Stainless Steel Double', '1', 'KES 18,500.50', '—', 'KES 18,500.50', 'Bowl Sink'));
    expect(out).toMatch(row('Subtotal', 'KES 64,400.50'));
    expect(out).toMatch(row('Delivery to Nairobi', 'KES 2,500.00'));
    expect(out).toMatch(row('Discount', '- KES 7,000.00'));
    expect(out).toMatch(row('Total', 'KES 59,900.50'));
    expect(out).toMatch(row('Deposit (50%)', 'KES 29,950.25'));
    expect(out).toMatch(row('Balance on delivery', 'KES 29,950.25'));
  });

  it.skipIf(!PDFTOTEXT)(
    'says Pickup for a pickup quote, and leaves out a zero discount (needs pdftotext)',
    async () => {
      const pickup = {
        ...quote,
        pickup: true,
        deliveryTown: null,
        deliveryZoneId: null,
        deliveryFee: 0,
        discount: 0,
        total: 64400.5,
        depositPercent: 30,
        deposit: 19320.15,
        note: '',
      };
      const out = text(await quotePdf({ quote: pickup, business: { ...business, logoUrl: null } }));
      expect(out).toMatch(row('Delivery: Pickup', 'KES 0.00'));
      expect(out).not.toContain('Discount');
      expect(out).toMatch(row('Deposit (30%)', 'KES 19,320.15'));
      expect(out).toMatch(row('Balance on pickup', 'KES 45,080.35'));
    },
  );
});

if (!PDFTOTEXT)
  console.warn(
    'quotes-pdf: pdftotext (Debian/Ubuntu package poppler-utils) is not installed: the PDF text checks are skipped',
  );
