// Tests only: every response of a contract operation is checked against
// openapi.yaml; a violation is recorded and becomes a 500 naming it.
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fp from 'fastify-plugin';
import { responseViolation } from '../openapi/openapi';

export const responseContract = fp(
  async (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      const operationId = request.routeOptions.config.operationId;
      if (!operationId) return payload;
      // A streamed answer (whole lists, CSV exports) is read whole here, checked,
      // and sent on as a stream again, so later hooks (compression) see what
      // they would see without this check.
      let body: string;
      if (payload instanceof Readable) {
        const bytes = await buffer(payload);
        body = bytes.toString('utf8');
        payload = Readable.from([bytes]);
      } else if (Buffer.isBuffer(payload)) {
        // An answer sent already compressed (the cached catalogue) is read as the client will read it.
        const encoding = reply.getHeader('content-encoding');
        const plain =
          encoding === 'br' ? brotliDecompressSync(payload) : encoding === 'gzip' ? gunzipSync(payload) : payload;
        body = plain.toString('utf8');
      } else body = typeof payload === 'string' ? payload : '';
      const violation = responseViolation(
        operationId,
        reply.statusCode,
        reply.getHeader('content-type') as string | undefined,
        body,
      );
      if (!violation) return payload;
      app.contractViolations.push(violation);
      reply.code(500).header('content-type', 'application/json');
      return JSON.stringify({ message: `Response breaks the contract: ${violation}` });
    });
  },
  { name: 'response-contract' },
);
