// `npm run mock:mpesa [-- --port 4013] [--dynamic] [--seed <text>]`: a Daraja (M-Pesa) mock, Prism
// serving our contract (server/payments/mpesa/contract/daraja.yaml) with --errors: a request that
// breaks the contract is refused with the operation's 400 and an `sl-violations` header saying why.
// Point the client at it (baseUrl, later MPESA_BASE_URL) with the printed URL; post STK results and
// C2B payments to the server with `npm run mock:mpesa-callback` (mocks/mpesa/post-callback.ts).
//
//   --port / MPESA_MOCK_PORT      default 4013
//   --dynamic / MOCK_DYNAMIC=1    answers generated from the schemas
//   --seed / MOCK_SEED            with --dynamic: repeatable answers
// In static mode a request picks an answer with `Prefer: example=cancelled` (stkQuery) or an error
// with `Prefer: code=404` (Invalid Access Token).
import { startMpesaMock } from '../../common/mpesa/prism-mock';

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

const rawPort = option('--port') ?? process.env.MPESA_MOCK_PORT ?? '4013';
const port = Number(rawPort);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`--port must be a port number (1-65535), got "${rawPort}"`);
  process.exit(2);
}
const dynamic =
  process.argv.includes('--dynamic') ||
  process.argv.includes('-d') ||
  ['1', 'true'].includes(process.env.MOCK_DYNAMIC ?? '');
const seed = option('--seed') ?? process.env.MOCK_SEED;

// Prism prints one line per request and each contract violation: pass them through.
const mock = await startMpesaMock({ port, dynamic, seed, log: (line) => console.log(line) }).catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
console.log(
  `M-Pesa Daraja mock (Prism, ${dynamic ? 'dynamic answers' : 'static examples'}) on ${mock.url}: ` +
    `give the client baseUrl ${mock.url}`,
);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void mock.close().then(() => process.exit(0));
  });
}
