// The product forms held to what the contract states exactly (--write; the
// update and import cases aim at the product the check made for itself, and
// anything else a case makes is deleted):
//   a productImage part without a filename is a file (ProductCreateForm):
//     create → 201 and update → 200, productImageUrl set either way;
//   the import form ignores text parts beside its file (ProductImportForm):
//     a few → 200; more parts than its maxProperties in all → 422, nothing
//     imported;
//   isActive sent empty is neither true nor false: 422 on create (nothing
//     created) and on update (the product unchanged).
// The bodies are written by hand: FormData always names a filename for a
// file part and cannot leave it out.
import { deflateSync } from 'node:zlib';
import { worstFirst, type Operation, type Violation } from './contract';
import { parseJson, type Ctx, type Result } from './shared';

/** A valid 1×1 PNG, built rather than stored. */
export function tinyPng(): Blob {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from([0, 120, 120, 120]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return new Blob([png], { type: 'image/png' });
}

/** One part as written: a text field, or a file with or without a filename. */
export type Part = { name: string; value: string | Uint8Array; type?: string; filename?: string };

const BOUNDARY = 'conformance-form-boundary';

/** A multipart body: text when every part is text (the report then shows it), else bytes. */
export function multipart(parts: Part[]): { headers: Record<string, string>; body: string | Blob } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    const type = part.type ? `\r\nContent-Type: ${part.type}` : '';
    const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"${filename}${type}\r\n\r\n`;
    chunks.push(Buffer.from(head));
    chunks.push(typeof part.value === 'string' ? Buffer.from(part.value, 'utf8') : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  const bytes = Buffer.concat(chunks);
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    body: parts.every((p) => typeof p.value === 'string') ? bytes.toString('utf8') : new Blob([bytes]),
  };
}

type Case = { op: Operation; path: string; parts: Part[]; expected: number; detail: string; what: string };
type Sent = { result: Result; status: number; body: unknown };

/** Sends one case and records its row: the status the contract states, and the answer against its schema. */
async function sendCase(ctx: Ctx, c: Case): Promise<Sent> {
  const form = multipart(c.parts);
  const answer = await ctx.send(c.op.method, c.path, {
    headers: { ...form.headers, cookie: ctx.cookie },
    body: form.body,
  });
  const violations: Violation[] =
    answer.status === c.expected
      ? []
      : [{ path: 'status', message: `answered ${answer.status} to ${c.what}; must be ${c.expected}` }];
  violations.push(...ctx.contract.check(c.op, answer.status, answer.headers, answer.body));
  const result: Result = {
    operation: c.op.label,
    operationId: c.op.id,
    check: 'multipart form',
    detail: c.detail,
    expected: c.expected,
    result: violations.length ? 'fail' : 'pass',
    status: answer.status,
    violations: worstFirst(violations),
    request: ctx.lastRequest(),
  };
  ctx.results.push(result);
  return { result, status: answer.status, body: parseJson(answer.body) };
}

/** What a case found beyond the answer itself (a product made or changed): the row fails. */
function add(result: Result, violation: Violation) {
  result.violations.push(violation);
  result.result = 'fail';
}

type Product = Record<string, unknown> & { id?: unknown; productImageUrl?: unknown };
const idOf = (body: unknown) => (body as Product | undefined)?.id;

/** The fields every create form needs. */
export const requiredCreateParts = (name: string): Part[] => [
  { name: 'name', value: name },
  { name: 'category', value: 'granite' },
  { name: 'startingPrice', value: '1000.00' },
  { name: 'endingPrice', value: '2000.00' },
];

export async function formChecks(ctx: Ctx, ours: { id: number; name: string } | undefined) {
  const create = ctx.contract.op('createProduct');
  const update = ctx.contract.op('updateProduct');
  const importOp = ctx.contract.op('importProducts');
  const session = { headers: { cookie: ctx.cookie } };
  const read = async (id: number) => {
    const got = await ctx.send('GET', `/api/products/${id}`, session);
    return got.status === 200 ? (parseJson(got.body) as Product | undefined) : undefined;
  };
  const remove = (id: unknown) =>
    typeof id === 'number' ? ctx.send('DELETE', `/api/products/${id}`, session) : undefined;
  const png = new Uint8Array(await tinyPng().arrayBuffer());
  const namelessImage: Part = { name: 'productImage', value: png, type: 'image/png' };
  const imageNotTaken = (status: number) => ({
    path: 'body/productImageUrl',
    message: `is null after ${status}: the PNG sent without a filename was not taken as the image (a part named productImage is a file with or without a filename)`,
  });

  // An image without a filename, on create: 201 and the image stored.
  const made = await sendCase(ctx, {
    op: create,
    path: create.path,
    parts: [
      ...requiredCreateParts(`${ours?.name ?? 'Conformance slab'} (image without a filename)`),
      { name: 'isActive', value: 'false' },
      namelessImage,
    ],
    expected: 201,
    detail: 'productImage without a filename',
    what: 'a PNG in a productImage part without a filename',
  });
  if (made.status === 201 && (made.body as Product | undefined)?.productImageUrl == null)
    add(made.result, imageNotTaken(201));
  await remove(idOf(made.body));

  // isActive sent empty, on create: 422 and nothing created. (A server that
  // takes it makes an active product: it is looked for and deleted at once.)
  const refusedName = `${ours?.name ?? 'Conformance slab'} (isActive sent empty)`;
  const refused = await sendCase(ctx, {
    op: create,
    path: create.path,
    parts: [...requiredCreateParts(refusedName), { name: 'isActive', value: '' }],
    expected: 422,
    detail: 'isActive sent empty',
    what: 'isActive sent empty',
  });
  const newest = parseJson((await ctx.send('GET', '/api/products?limit=50', session)).body);
  const leftOver = (Array.isArray(newest) ? (newest as Product[]) : []).filter((p) => p?.name === refusedName);
  if (leftOver.length && refused.status >= 300)
    add(refused.result, {
      path: 'products',
      message: `answered ${refused.status}, yet a product named "${refusedName}" was created`,
    });
  for (const id of new Set([idOf(refused.body), ...leftOver.map(idOf)])) await remove(id);

  if (!ours) {
    for (const op of [update, importOp])
      ctx.skip(op, 'multipart form', 'no product of its own to aim at (creating one failed)');
    return;
  }
  const path = `/api/products/${ours.id}`;

  // An image without a filename, on update: 200 and the image stored. The
  // current image is removed first (a file part sent empty), so an image
  // dropped unread cannot hide behind the one already there.
  const clear = multipart([{ name: 'productImage', value: '', filename: 'empty.png', type: 'image/png' }]);
  await ctx.send('PATCH', path, { headers: { ...clear.headers, cookie: ctx.cookie }, body: clear.body });
  const changed = await sendCase(ctx, {
    op: update,
    path,
    parts: [namelessImage],
    expected: 200,
    detail: 'productImage without a filename',
    what: 'a PNG in a productImage part without a filename',
  });
  if (changed.status === 200 && (changed.body as Product | undefined)?.productImageUrl == null)
    add(changed.result, imageNotTaken(200));

  // isActive sent empty, on update: 422 and the product as it was.
  const before = await read(ours.id);
  const kept = await sendCase(ctx, {
    op: update,
    path,
    parts: [
      { name: 'description', value: 'Sent with isActive empty: must not be stored.' },
      { name: 'isActive', value: '' },
    ],
    expected: 422,
    detail: 'isActive sent empty',
    what: 'isActive sent empty (with a new description)',
  });
  const after = await read(ours.id);
  if (before && after) {
    const moved = Object.keys({ ...before, ...after }).filter(
      (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
    );
    const changes = moved.map((key) => `${key} ${JSON.stringify(before[key])} → ${JSON.stringify(after[key])}`);
    if (changes.length)
      add(kept.result, { path: 'product', message: `changed though the update was refused: ${changes.join(', ')}` });
  }

  // The import form: its file and a few other text parts → 200; past its part limit → 422, nothing imported.
  const csv = (description: string): Part => ({
    name: 'file',
    value: `Type,Name,Color/Material,Dimensions (mm),Starting Price,Ending Price,Installation Price,Description,Product Image URL,Installation Image URLs\ngranite,${ours.name},Black,3000x1400x20,1200,2400,,${description},,\n`,
    filename: 'conformance.csv',
    type: 'text/csv',
  });
  const notes = (count: number): Part[] =>
    Array.from({ length: count }, (_, i) => ({ name: `note${i + 1}`, value: 'conformance' }));
  const few = notes(4);
  const imported = await sendCase(ctx, {
    op: importOp,
    path: importOp.path,
    parts: [...few.slice(0, 2), csv('Imported by the conformance check'), ...few.slice(2)],
    expected: 200,
    detail: 'the file and 4 other text parts',
    what: 'the CSV file with 4 other text parts',
  });
  const counts = imported.body as { imported?: unknown; updated?: unknown } | undefined;
  if (imported.status === 200 && Number(counts?.imported ?? 0) + Number(counts?.updated ?? 0) < 1)
    add(imported.result, {
      path: 'body',
      message: `the file's one row was neither imported nor updated: ${JSON.stringify(imported.body)}`,
    });
  const limit = importOp.multipartBody?.maxProperties;
  if (typeof limit !== 'number') {
    ctx.skip(importOp, 'multipart form', 'ProductImportForm states no part limit (maxProperties)', 'part limit');
    return;
  }
  const refusedDescription = 'Imported past the part limit: must not be stored.';
  const tooMany = await sendCase(ctx, {
    op: importOp,
    path: importOp.path,
    parts: [csv(refusedDescription), ...notes(limit)],
    expected: 422,
    detail: `${limit + 1} parts (the file and ${limit} text parts)`,
    what: `a form of ${limit + 1} parts, over the ${limit} the contract allows`,
  });
  if ((await read(ours.id))?.description === refusedDescription && tooMany.status >= 300)
    add(tooMany.result, {
      path: 'product',
      message: `answered ${tooMany.status}, yet the file's row was imported (the product's description is the file's)`,
    });
}
