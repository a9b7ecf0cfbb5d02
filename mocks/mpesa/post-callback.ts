// `npm run mock:mpesa-callback -- <what> --url <callback URL> [options]`: posts a callback to the
// server as Safaricom would (JSON, unsigned), built from the named examples of our Daraja contract
// (server/payments/mpesa/contract/daraja.yaml, `webhooks`; common/mpesa/callback-payloads.ts).
//
//   stk                      the result of an STK push (its CallBackURL)
//   c2b-validation           a C2B payment to accept or refuse (the registered ValidationURL)
//   c2b-confirmation         a completed C2B payment (the registered ConfirmationURL)
// Options:
//   --url <address>          where to post (required unless --print): the full callback URL
//   --result <code>          stk: 0 paid (default), 1 insufficient funds, 1001 busy, 1019 expired,
//                            1032 cancelled, 1037 unreachable, 2001 wrong PIN
//   --checkout <id>          stk: the CheckoutRequestID stkPush answered
//   --merchant <id>          stk: the MerchantRequestID
//   --amount <shillings>     stk (with 0) and c2b: the amount
//   --receipt <code>         stk (with 0): the M-Pesa receipt
//   --phone <254…>           stk (with 0): the payer
//   --bill-ref <text>        c2b: the account number the customer typed
//   --trans-id <id>          c2b: the M-Pesa receipt (repeat it to test duplicates)
//   --till                   c2b-confirmation: the Buy Goods example instead of the paybill one
//   --print                  print the payload instead of posting it
import { c2bPayload, postCallback, stkCallbackPayload } from '../../common/mpesa/callback-payloads';

const usage = `usage: npm run mock:mpesa-callback -- stk | c2b-validation | c2b-confirmation --url <callback URL>
       [--result <code>] [--checkout <id>] [--merchant <id>] [--amount <shillings>] [--receipt <code>]
       [--phone <254…>] [--bill-ref <text>] [--trans-id <id>] [--till] [--print]`;

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
function number(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isFinite(value)) fail(`${name} must be a number, got "${text}"`);
  return value;
}

const url = takeOption('--url');
const resultCode = number('--result', takeOption('--result'));
const checkoutRequestId = takeOption('--checkout');
const merchantRequestId = takeOption('--merchant');
const amount = number('--amount', takeOption('--amount'));
const receipt = takeOption('--receipt');
const phone = takeOption('--phone');
const billRefNumber = takeOption('--bill-ref');
const transId = takeOption('--trans-id');
const till = takeFlag('--till');
const print = takeFlag('--print');
const [what, ...rest] = args;
if (rest.length > 0) fail(`unexpected: ${rest.join(' ')}`);

function payload(): unknown {
  try {
    switch (what) {
      case 'stk':
        return stkCallbackPayload({ resultCode, checkoutRequestId, merchantRequestId, amount, receipt, phone });
      case 'c2b-validation':
        return c2bPayload('c2bValidation', { transId, billRefNumber, amount });
      case 'c2b-confirmation':
        return c2bPayload('c2bConfirmation', { example: till ? 'till' : 'paybill', transId, billRefNumber, amount });
      default:
        return fail(what ? `unknown kind "${what}"` : 'say what to post');
    }
  } catch (error) {
    return fail((error as Error).message);
  }
}

const body = payload();
if (print) {
  console.log(JSON.stringify(body, null, 2));
} else {
  if (!url) fail('--url is needed (the callback URL the server registered)');
  try {
    const answer = await postCallback(url, body);
    console.log(`${url} answered ${answer.status}${answer.body ? `: ${answer.body.slice(0, 200)}` : ''}`);
    process.exit(answer.status >= 200 && answer.status < 300 ? 0 : 1);
  } catch (error) {
    console.error(`could not post to ${url}: ${(error as Error).message}`);
    process.exit(1);
  }
}
