import { maxBytes } from '../../contract/openapi';
import { today, type HandlersFor, type RouteContext } from '../../routes';
import { readImportFile, readProductForm } from './form';
import { sendCsv, sendList } from '../../lists/paging';

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
        if (whole) return reply.type('application/json').header('x-total-count', String(whole.count)).send(whole.json);
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
