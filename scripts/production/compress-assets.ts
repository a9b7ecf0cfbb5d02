// Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the
// built dashboard, compressed once at the highest levels, so the production
// server sends them as they are instead of compressing on every request.
// A copy that saves less than 5 % is not written.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = process.argv[2] ?? 'dist';
const TEXT = new Set(['.js', '.mjs', '.css', '.html', '.json', '.svg', '.txt', '.map', '.ttf', '.eot', '.webmanifest']);

function files(at: string): string[] {
  return readdirSync(at).flatMap((entry) => {
    const full = join(at, entry);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

let before = 0;
let after = 0;
let written = 0;
for (const file of files(dir)) {
  if (!TEXT.has(extname(file)) || file.includes(`${join(dir, '.vite')}`)) continue;
  const source = readFileSync(file);
  const br = brotliCompressSync(source, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
    },
  });
  const gz = gzipSync(source, { level: 9 });
  before += source.length;
  for (const [ext, data] of [
    ['.br', br],
    ['.gz', gz],
  ] as const) {
    if (data.length > source.length * 0.95) continue;
    writeFileSync(file + ext, data);
    written++;
  }
  after += Math.min(br.length, source.length);
}
console.log(
  `precompressed ${written} files in ${dir}/: ${Math.round(before / 1024)} KB → ${Math.round(after / 1024)} KB with brotli`,
);
