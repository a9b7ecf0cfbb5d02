import { maxBytes } from '../../contract/openapi';
import { idParam, today, type Handlers, type RouteContext } from '../../routes';
import { readImportFile, readProductForm } from './form';

export function productsRoutes({ services, maxImageBytes }: RouteContext): Handlers {
  const products = services.products;
  // The CSV import's size limit is the one openapi.yaml states (the dashboard checks the same).
  const maxCsvBytes = maxBytes('importProducts', 'file');
  return {
    listProducts: async (_request, reply) => reply.type('application/json').send(await products.listJson()),
    getProduct: (request) => products.get(idParam(request)),
    async createProduct(request, reply) {
      const form = await readProductForm(request, 'createProduct', maxImageBytes);
      return reply.code(201).send(await products.create(form));
    },
    async updateProduct(request) {
      const form = await readProductForm(request, 'updateProduct', maxImageBytes);
      return products.update(idParam(request), form);
    },
    async deleteProduct(request, reply) {
      await products.remove(idParam(request));
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
      return products.importCsv(text, (row, cause) => request.log.warn({ err: cause, row }, 'CSV import: a row could not be saved'));
    },
  };
}
