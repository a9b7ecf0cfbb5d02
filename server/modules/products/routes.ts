import { maxBytes } from '../../contract/openapi';
import { today, type HandlersFor, type RouteContext } from '../../routes';
import { readImportFile, readProductForm } from './form';

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
    listProducts: async (_request, reply) => reply.type('application/json').send(await products.listJson()),
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
    async exportProducts(_request, reply) {
      const csv = await products.exportCsv();
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="products-export-${today(services.now())}.csv"`)
        .send(csv);
    },
    async importProducts(request) {
      const text = await readImportFile(request, maxCsvBytes);
      return products.importCsv(text, (row, cause) =>
        request.log.warn({ err: cause, row }, 'CSV import: a row could not be saved'),
      );
    },
  };
}
