// `npm run mock:whatsapp-webhook -- <what> [options]`: posts a webhook to the server as Meta
// would, signed with the app secret (X-Hub-Signature-256), shaped like the examples in Meta's
// contract. The payload builders live in common/whatsapp/webhook-payloads.ts (tests use them too).
//
//   text <words>                       a customer's text message
//   image [caption]                    a photo (media id --media, default 2621233374848975)
//   document [filename]                a document
//   location <lat> <long> [name]       a location pin
//   reaction <wamid> <emoji>           a reaction to one of our messages
//   button <id> <title>                a tap on a reply button
//   unsupported                        a type WhatsApp marks unsupported
//   status <wamid> <sent|delivered|read|failed> [code] [title]
//                                      a delivery status for a message we sent
// Options:
//   --url <server>        the server (default http://127.0.0.1:$PORT, PORT default 8080); posts to /webhooks/whatsapp
//   --secret <secret>     the app secret (default WHATSAPP_APP_SECRET)
//   --unsigned            no signature header (the server must answer 401)
//   --bad-signature       a signature made with the wrong secret (the server must answer 401)
//   --from <number>       the customer (default 254712345678); --name <profile name> (default Wanjiru)
//   --id <wamid>          the message id (default: a new one; repeat it to test duplicates)
//   --media <id>          the media id of image/document
//   --print               print the payload instead of posting it
import {
  customerMessagePayload,
  postWebhook,
  statusPayload,
  type DeliveryStatus,
  type Signing,
} from '../../common/whatsapp/webhook-payloads';

const usage = `usage: npm run mock:whatsapp-webhook -- text <words> | image [caption] | document [filename] |
       location <lat> <long> [name] | reaction <wamid> <emoji> | button <id> <title> | unsupported |
       status <wamid> <sent|delivered|read|failed> [code] [title]
       [--url <server>] [--secret <secret>] [--unsigned | --bad-signature] [--from <number>] [--name <name>]
       [--id <wamid>] [--media <id>] [--print]`;

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

const args = process.argv.slice(2);
function takeOption(name: string): string | undefined {
  const index = args.indexOf(name);
  if (index === -1) return undefined;
  const value = args[index + 1];
  if (value === undefined) fail(`${name} needs a value`);
  args.splice(index, 2);
  return value;
}
function takeFlag(name: string): boolean {
  const index = args.indexOf(name);
  if (index === -1) return false;
  args.splice(index, 1);
  return true;
}

const server = (takeOption('--url') ?? `http://127.0.0.1:${process.env.PORT || 8080}`).replace(/\/+$/, '');
const secret = takeOption('--secret') ?? process.env.WHATSAPP_APP_SECRET;
const unsigned = takeFlag('--unsigned');
const badSignature = takeFlag('--bad-signature');
const from = takeOption('--from') ?? '254712345678';
const name = takeOption('--name') ?? 'Wanjiru';
const id = takeOption('--id');
const media = takeOption('--media') ?? '2621233374848975';
const print = takeFlag('--print');
if (unsigned && badSignature) fail('--unsigned and --bad-signature exclude each other');
const signing: Signing = unsigned ? 'unsigned' : badSignature ? 'bad-signature' : 'signed';
if (signing === 'signed' && !secret && !print) fail('the app secret is needed: --secret or WHATSAPP_APP_SECRET');

const [what, ...rest] = args;
const customer = { from, name, ...(id ? { id } : {}) };
const STATUSES = ['sent', 'delivered', 'read', 'failed'];

function payload(): unknown {
  switch (what) {
    case 'text':
      if (rest.length === 0) fail('text needs the words');
      return customerMessagePayload({ ...customer, text: rest.join(' ') });
    case 'image':
      return customerMessagePayload({
        ...customer,
        image: { id: media, ...(rest.length ? { caption: rest.join(' ') } : {}) },
      });
    case 'document':
      return customerMessagePayload({ ...customer, document: { id: media, filename: rest[0] ?? 'quote.pdf' } });
    case 'location': {
      const [lat, long, ...place] = rest;
      const latitude = Number(lat);
      const longitude = Number(long);
      if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) fail('location needs <lat> <long> as numbers');
      return customerMessagePayload({
        ...customer,
        location: { latitude, longitude, ...(place.length ? { name: place.join(' ') } : {}) },
      });
    }
    case 'reaction':
      if (rest.length < 2) fail('reaction needs <wamid> <emoji>');
      return customerMessagePayload({ ...customer, reaction: { message_id: rest[0], emoji: rest[1] } });
    case 'button':
      if (rest.length < 2) fail('button needs <id> <title>');
      return customerMessagePayload({ ...customer, buttonReply: { id: rest[0], title: rest.slice(1).join(' ') } });
    case 'unsupported':
      return customerMessagePayload({ ...customer, unsupported: true });
    case 'status': {
      const [wamid, status, code, ...title] = rest;
      if (!wamid || !STATUSES.includes(status)) fail('status needs <wamid> <sent|delivered|read|failed>');
      const error =
        status === 'failed'
          ? { code: Number(code ?? 131026), title: title.length ? title.join(' ') : 'Message undeliverable' }
          : undefined;
      if (error && !Number.isInteger(error.code)) fail('the failure code must be a number');
      return statusPayload({
        id: wamid,
        status: status as DeliveryStatus,
        recipientId: from,
        ...(error ? { error } : {}),
      });
    }
    default:
      return fail(what ? `unknown kind "${what}"` : 'say what to post');
  }
}

const body = payload();
if (print) {
  console.log(JSON.stringify(body, null, 2));
} else {
  const url = `${server}/webhooks/whatsapp`;
  try {
    const answer = await postWebhook(url, body, { secret, signing });
    console.log(`${url} answered ${answer.status}${answer.body ? `: ${answer.body.slice(0, 200)}` : ''}`);
    process.exit(answer.status >= 200 && answer.status < 300 ? 0 : 1);
  } catch (error) {
    console.error(`could not post to ${url}: ${(error as Error).message}`);
    process.exit(1);
  }
}
