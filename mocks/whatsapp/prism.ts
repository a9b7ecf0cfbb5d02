// `npm run mock:whatsapp [-- --port 4012] [--dynamic] [--seed <text>]`: a WhatsApp Cloud API mock,
// Prism serving Meta's trimmed contract (server/channels/whatsapp/contract/whatsapp-cloud.yaml) with --errors.
// Point the server at it with WHATSAPP_GRAPH_URL=<the printed URL>; post customer messages and
// statuses to the server with `npm run mock:whatsapp-webhook` (mocks/whatsapp/post-webhook.ts).
//
//   --port / WHATSAPP_MOCK_PORT   default 4012
//   --dynamic / MOCK_DYNAMIC=1    answers generated from the schemas (a distinct message id per send)
//   --seed / MOCK_SEED            with --dynamic: repeatable answers
// In static mode a test picks an error with `Prefer: code=400, example=error-131026` (the
// examples sendMessage declares: see the patch list in whatsapp-cloud.yaml).
import { startWhatsAppMock } from '../../common/whatsapp/prism-mock';

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

const rawPort = option('--port') ?? process.env.WHATSAPP_MOCK_PORT ?? '4012';
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
const mock = await startWhatsAppMock({ port, dynamic, seed, log: (line) => console.log(line) }).catch(
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);
console.log(
  `WhatsApp Cloud API mock (Prism, ${dynamic ? 'dynamic answers' : 'static examples'}) on ${mock.url}: ` +
    `set WHATSAPP_GRAPH_URL=${mock.url}`,
);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void mock.close().then(() => process.exit(0));
  });
}
