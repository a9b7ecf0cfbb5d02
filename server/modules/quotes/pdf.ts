// A quote as the PDF the customer gets: A4 portrait, 11 pt text (read on a
// phone as much as printed), made on the server by pdfmake with the Roboto
// files it ships. Nothing is fetched: the logo comes in as bytes, and every
// URL or local file access is refused.
import { createRequire } from 'node:module';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { components } from '../../app/openapi/types';
import { formatKes } from './money';

type Quote = components['schemas']['Quote'];
type BusinessProfile = components['schemas']['BusinessProfile'];

const require = createRequire(import.meta.url);
type PdfMake = typeof import('pdfmake');
let pdfmake: PdfMake | undefined;
function maker(): PdfMake {
  if (!pdfmake) {
    pdfmake = require('pdfmake') as PdfMake;
    pdfmake.setFonts(require('pdfmake/fonts/Roboto.js') as PdfMake['fonts']);
    pdfmake.setUrlAccessPolicy(() => false);
    // The fonts are the only local files read; they are registered by path.
    pdfmake.setLocalAccessPolicy((path) => /[\\/]pdfmake[\\/]fonts[\\/]Roboto[\\/][\w-]+\.ttf$/.test(path));
  }
  return pdfmake;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** Nairobi is UTC+3 all year. */
const NAIROBI_OFFSET_MS = 3 * 3600_000;
/** "12 Dec 2026", the day in Nairobi. */
export function formatDay(iso: string): string {
  const at = new Date(Date.parse(iso) + NAIROBI_OFFSET_MS);
  return `${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}`;
}
/** KES of the contract (two decimals at most) as "KES 13,800.00". */
export const kes = (amount: number) => formatKes(BigInt(Math.round(amount * 100)));

export type QuotePdfInput = {
  quote: Quote;
  business: BusinessProfile;
  /** The logo's bytes (PNG or JPEG), when the profile has one. */
  logo?: { bytes: Buffer; mime: string } | null;
};

export function quoteDocument({ quote, business, logo }: QuotePdfInput): TDocumentDefinitions {
  const contacts = [business.phone, business.email, business.address].filter((text) => text.trim() !== '');
  const headerText: Content = {
    stack: [{ text: business.name, style: 'business' }, ...contacts.map((text) => ({ text, style: 'muted' }))],
  };
  const header: Content = logo
    ? {
        columns: [
          { image: `data:${logo.mime};base64,${logo.bytes.toString('base64')}`, fit: [90, 70], width: 100 },
          headerText,
        ],
        columnGap: 12,
      }
    : headerText;
  const issued = quote.sentAt ?? quote.createdAt;
  const money = (amount: number) => ({ text: kes(amount), alignment: 'right' as const });
  const lineRows = quote.lines.map((line) => [
    { text: line.description },
    { text: String(line.quantity), alignment: 'right' as const },
    money(line.unitPrice),
    line.installationPerUnit > 0 ? money(line.installationPerUnit) : { text: '—', alignment: 'right' as const },
    money(line.lineTotal),
  ]);
  const balance = Math.round((quote.total - quote.deposit) * 100) / 100;
  const totals: [string, string, boolean?][] = [
    ['Subtotal', kes(quote.subtotal)],
    [
      quote.pickup ? 'Delivery: Pickup' : quote.deliveryTown ? `Delivery to ${quote.deliveryTown}` : 'Delivery',
      kes(quote.deliveryFee),
    ],
    ...(quote.discount > 0 ? [['Discount', `- ${kes(quote.discount)}`] as [string, string]] : []),
    ['Total', kes(quote.total), true],
    [`Deposit (${quote.depositPercent}%)`, kes(quote.deposit)],
    [quote.pickup ? 'Balance on pickup' : 'Balance on delivery', kes(balance)],
  ];
  return {
    pageSize: 'A4',
    pageOrientation: 'portrait',
    pageMargins: [40, 40, 40, 50],
    info: { title: `Quotation ${quote.number} (revision ${quote.revision})`, author: business.name },
    defaultStyle: { font: 'Roboto', fontSize: 11, lineHeight: 1.2 },
    styles: {
      business: { fontSize: 18, bold: true },
      title: { fontSize: 20, bold: true, margin: [0, 18, 0, 4] },
      muted: { fontSize: 11, color: '#444444' },
      label: { bold: true },
      tableHead: { bold: true, fillColor: '#eeeeee' },
    },
    content: [
      header,
      { text: 'Quotation', style: 'title' },
      {
        columns: [
          {
            stack: [
              { text: [{ text: 'Number: ', style: 'label' }, `${quote.number}, revision ${quote.revision}`] },
              { text: [{ text: 'Date: ', style: 'label' }, formatDay(issued)] },
              { text: [{ text: 'Valid until: ', style: 'label' }, formatDay(quote.validUntil)] },
            ],
          },
          {
            stack: [
              { text: [{ text: 'Customer: ', style: 'label' }, quote.customerName ?? 'Customer'] },
              { text: [{ text: 'Phone: ', style: 'label' }, quote.customerPhone] },
            ],
          },
        ],
        margin: [0, 0, 0, 14],
      },
      {
        table: {
          headerRows: 1,
          widths: ['*', 32, 90, 80, 95],
          body: [
            [
              { text: 'Item', style: 'tableHead' },
              { text: 'Qty', style: 'tableHead', alignment: 'right' },
              { text: 'Unit price', style: 'tableHead', alignment: 'right' },
              { text: 'Installation', style: 'tableHead', alignment: 'right' },
              { text: 'Line total', style: 'tableHead', alignment: 'right' },
            ],
            ...lineRows,
          ],
        },
        layout: 'lightHorizontalLines',
      },
      {
        table: {
          widths: ['*', 130],
          body: totals.map(([label, value, strong]) => [
            { text: label, alignment: 'right', bold: strong ?? false, fontSize: strong ? 13 : 11 },
            { text: value, alignment: 'right', bold: strong ?? false, fontSize: strong ? 13 : 11 },
          ]),
        },
        layout: 'noBorders',
        margin: [0, 10, 0, 0],
      },
      ...(quote.note.trim() ? [{ text: [{ text: 'Note: ', style: 'label' }, quote.note], margin: [0, 16, 0, 0] }] : []),
      {
        text: `Prices in Kenyan shillings. Reply YES on WhatsApp to accept this quotation before ${formatDay(quote.validUntil)}.`,
        style: 'muted',
        margin: [0, 18, 0, 0],
      },
    ] as Content[],
  };
}

/** The PDF's bytes. */
export async function quotePdf(input: QuotePdfInput): Promise<Buffer> {
  return maker().createPdf(quoteDocument(input)).getBuffer();
}

/** "Q00042-r1.pdf" */
export const quotePdfName = (quote: Pick<Quote, 'number' | 'revision'>) => `${quote.number}-r${quote.revision}.pdf`;
