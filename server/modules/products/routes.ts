import { badRequest } from '../../errors';
import { idParam, today, type Handlers, type RouteContext } from '../../routes';
import { readProductForm } from './form';

export function productsRoutes({ services, maxImageBytes }: RouteContext): Handlers {
  const products = services.products;
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
      let text: string | undefined;
      try {
        for await (const part of request.parts({ limits: { fileSize: 10 * 1024 * 1024, files: 1 } })) {
          if (part.type === 'file' && part.fieldname === 'file') text = (await part.toBuffer()).toString('utf8');
          else if (part.type === 'file') await part.toBuffer();
        }
      } catch (error) {
        const code = (error as { code?: string }).code ?? '';
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest('The CSV file is too large', 'The CSV file must be at most 10 MB');
        if (code.startsWith('FST_')) throw badRequest('The form could not be read', (error as Error).message);
        throw error;
      }
      if (text === undefined) throw badRequest('Send the CSV file in the field "file"', 'No file was sent');
      return products.importCsv(text);
    },
  };
}
