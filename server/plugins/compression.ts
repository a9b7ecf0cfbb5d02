// Answers over 1 KB compressed on the fly with brotli or gzip, whichever the
// client takes (files the build compressed already are sent as they are,
// plugins/dashboard.ts). Brotli's default (quality 11) is for files
// compressed once; answers are compressed on every request, so quality 4.
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import fp from 'fastify-plugin';

export const compression = fp(
  async (app) => {
    await app.register(compress, {
      global: true,
      threshold: 1024,
      syncThreshold: 64 * 1024,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    });
  },
  { name: 'compression' },
);
