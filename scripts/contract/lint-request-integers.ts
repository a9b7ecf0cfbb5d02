// Part of `npm run lint:contract`: every integer a request may carry (a
// parameter, a field of a JSON body or of a form) must state a minimum and a
// maximum in openapi.yaml. An unbounded one lets a client send 2147483648 to
// a server whose database ends at 2147483647, and such a server answers 500
// where the contract promises a 4xx. Each schema without its bounds is named
// once, by its place in the contract, with the requests that carry it.
// `tsx scripts/contract/lint-request-integers.ts [openapi.yaml]`; exits 1 on
// any unbounded integer.
import { resolve } from 'node:path';
import { loadOpenApi } from '../../common/contract';
import { requestIntegers } from '../../common/contract/request-integers';

const file = resolve(process.argv[2] ?? 'openapi.yaml');
const integers = requestIntegers(loadOpenApi(file));

/** Schema pointer → what it lacks and where requests carry it. */
const unbounded = new Map<string, { lacks: string; uses: string[] }>();
for (const integer of integers) {
  const lacks = [integer.minimum === undefined && 'a minimum', integer.maximum === undefined && 'a maximum']
    .filter(Boolean)
    .join(' and ');
  if (!lacks) continue;
  const where =
    integer.in === 'body'
      ? `${integer.method} ${integer.path} body (${integer.mediaType}) ${integer.field}`
      : `${integer.method} ${integer.path} ${integer.in} parameter ${integer.field}`;
  const entry = unbounded.get(integer.pointer) ?? { lacks, uses: [] };
  entry.uses.push(where);
  unbounded.set(integer.pointer, entry);
}

for (const [pointer, { lacks, uses }] of unbounded) {
  console.error(`error  ${pointer}: a request integer without ${lacks}`);
  for (const use of uses) console.error(`         carried by ${use}`);
}
if (unbounded.size > 0) {
  console.error(
    `request integers: ${unbounded.size} schema(s) of ${file} without both bounds; state minimum and maximum (ids: 1 to 2147483647)`,
  );
  process.exit(1);
}
console.log(`request integers: all ${integers.length} in ${file} state a minimum and a maximum`);
