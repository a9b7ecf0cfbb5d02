import { maxBytes } from '../../app/openapi/openapi';
import { entityTag } from '../../app/entity-tag';
import { today, type HandlersFor, type RouteContext } from '../../app/routes';
import { readImportFile, readProductForm } from './form';
import { sendCsv, sendList } from '../../app/paging';

/** The coding the client weights highest (q), br before gzip on a tie; none when it takes neither (q=0 refuses). */
export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  const weight = new Map<string, number>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [coding, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (coding?.trim()) weight.set(coding.trim(), q === undefined ? 1 : Number(q));
  }
  const br = weight.get('br') ?? 0;
  const gzip = weight.get('gzip') ?? 0;
  if (br <= 0 && gzip <= 0) return undefined;
  return br >= gzip ? 'br' : 'gzip';
}

type Operations =
  | 'listProducts'
  | 'getProduct'
  | 'createProduct'
  | 'updateProduct'
  | 'deleteProduct'
  | 'exportProducts'
  | 'importProducts';

// The multipart operations (create, update, import) read their bodies through
// form.ts, which checks them against the contract's form schemas.
export function productsRoutes({ services, maxImageBytes }: RouteContext): HandlersFor<Operations> {
  const products = services.products;
  // The CSV import's size limit is the one openapi.yaml states (the dashboard checks the same).
  const maxCsvBytes = maxBytes('importProducts', 'file');
  return {
    async listProducts(request, reply) {
      if (request.query.limit === undefined) {
        const whole = await products.wholeJson();
        if (whole) {
          reply.type('application/json').header('x-total-count', String(whole.count)).header('vary', 'accept-encoding');
          whole.etag ??= entityTag(whole.json, reply);
          reply.header('etag', whole.etag);
          // Compressed once per version of the catalogue, not on every request.
          const encoding = acceptedEncoding(request.headers['accept-encoding']);
          if (!encoding) return reply.send(whole.json);
          return reply.header('content-encoding', encoding).send(await products.wholeCompressed(whole, encoding));
        }
      }
      return sendList(reply, products.listSource(), { path: '/api/products', ...request.query });
    },
    getProduct: (request) => products.get(request.params.id),
    async createProduct(request, reply) {
      const form = await readProductForm(request, 'createProduct', maxImageBytes);
      const product = await products.create(form);
      reply.code(201);
      return product;
    },
    async updateProduct(request) {
      const form = await readProductForm(request, 'updateProduct', maxImageBytes);
      return products.update(request.params.id, form);
    },
    async deleteProduct(request, reply) {
      await products.remove(request.params.id);
      return reply.code(204).send();
    },
    exportProducts(_request, reply) {
      const { head, fetch, format } = products.csvExport();
      return sendCsv(reply, `products-export-${today(services.now())}.csv`, head, fetch, format);
    },
    async importProducts(request) {
      const text = await readImportFile(request, maxCsvBytes);
      return products.importCsv(text, (row, cause) =>
        request.log.warn({ err: cause, row }, 'CSV import: a row could not be saved'),
      );
    },
  };
}
