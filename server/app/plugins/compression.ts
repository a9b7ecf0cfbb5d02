// Answers over 1 KB compressed on the fly with brotli or gzip, whichever the
// client takes (files the build compressed already are sent as they are,
// plugins/dashboard.ts). Brotli's default (quality 11) is for files
// compressed once; answers are compressed on every request, so quality 4.
//
// Brotli's window is 256 KB (BROTLI_PARAM_LGWIN 18) instead of its default
// 4 MB (22). A brotli stream allocates its window and tables with malloc,
// outside the JavaScript heap; once glibc has freed a block that large it
// serves later ones from its heaps instead of separate mappings, and keeps
// them. With the 4 MB window the server's resident memory rose by about 70 MB
// during one 100,000-row CSV export and kept rising with each export after it
// (on PostgreSQL, Node 24: 197 MB before the first export, peaks of 269, 278
// and 288 MB over three), while the V8 heap stayed under 60 MB. With 256 KB
// an export adds 2 to 4 MB to what the server held before it. At quality 4
// the answers are the same size within 2% either way (the export: 2.2 MB),
// and the export compresses faster (a smaller window stays in the CPU's
// caches).
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
      brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_LGWIN]: 18 } },
    });
  },
  { name: 'compression' },
);
