// `npm run mock:event -- <command>`: drive the realtime mock by hand.
//
//   notification [message] [--kind <type>] [--conversation <id>] [--minimal]
//       no message → a generated one (Kenyan number, stone/sink product)
//       <type>: product_not_found | delivery_inquiry | payment_inquiry | unclear_request
//       --minimal: only the fields given, no defaults; with no other option the
//       frame is {"type":"notification","data":{"message":"…"}} (only the required field)
//   conversation_update [id] [status]        id defaults to 102
//   message_status [conversationId] [messageId] [status] [reason]
//                                            defaults 102, 1213, delivered
//   raw <text>                               one frame, unchecked (e.g. 'not json')
//   drop                                     cut every open socket
//   status                                   open sockets / connections so far
//
// Any event may also be given as JSON data: notification '{"conversationId":104}'
// (with --minimal, exactly that data: notification --minimal '{"message":"Hi","priority":"high"}').
// Target: REALTIME_URL, or http://127.0.0.1:REALTIME_PORT (default 4011).
import { NOTIFICATION_TYPES, fakeNotificationMessage, type NotificationType } from './faker-data';
import { realtimeControlUrl } from '../common/dev/ports';
import { RealtimeControlError, createRealtimeControl } from './realtime-events';

const usage = `usage: npm run mock:event -- notification [message] [--kind <type>] [--conversation <id>] [--minimal]
       npm run mock:event -- conversation_update [id] [bot_active|admin_required|admin_takeover]
       npm run mock:event -- message_status [conversationId] [messageId] [queued|sent|delivered|read|failed] [reason]
       npm run mock:event -- raw <text> | drop | status`;

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

function takeOption(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  if (index === -1) return undefined;
  const value = args[index + 1];
  if (value === undefined) fail(`${name} needs a value`);
  args.splice(index, 2);
  return value;
}

function takeFlag(args: string[], name: string): boolean {
  const index = args.indexOf(name);
  if (index !== -1) args.splice(index, 1);
  return index !== -1;
}

function asId(text: string, what: string): number {
  const id = Number(text);
  if (!Number.isInteger(id) || id < 1) fail(`${what} must be a positive integer, got "${text}"`);
  return id;
}

function jsonData(text: string | undefined): Record<string, unknown> | undefined {
  if (!text?.trim().startsWith('{')) return undefined;
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch (error) {
    fail(`invalid JSON data: ${(error as Error).message}`);
  }
}

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  const baseUrl = realtimeControlUrl();
  const control = createRealtimeControl(baseUrl);

  switch (command) {
    case 'notification': {
      const minimal = takeFlag(rest, '--minimal');
      const kind = takeOption(rest, '--kind');
      const conversation = takeOption(rest, '--conversation');
      if (kind && !NOTIFICATION_TYPES.includes(kind as NotificationType)) {
        fail(`--kind must be one of ${NOTIFICATION_TYPES.join(', ')}`);
      }
      const data: Record<string, unknown> = jsonData(rest[0]) ?? {};
      if (!jsonData(rest[0])) {
        const type = (kind ?? 'delivery_inquiry') as NotificationType;
        if (!minimal || kind) data.type = type;
        data.message = rest.length > 0 ? rest.join(' ') : fakeNotificationMessage(type);
      }
      if (conversation) data.conversationId = asId(conversation, '--conversation');
      const { delivered, event } = await control.push('notification', data, { exact: minimal });
      console.log(`notification delivered to ${delivered} socket(s): ${JSON.stringify(event)}`);
      break;
    }
    case 'conversation_update': {
      const data: Record<string, unknown> = jsonData(rest[0]) ?? {};
      if (!jsonData(rest[0])) {
        if (rest[0]) data.id = asId(rest[0], 'id');
        if (rest[1]) data.status = rest[1];
      }
      const { delivered, event } = await control.push('conversation_update', data);
      console.log(`conversation_update delivered to ${delivered} socket(s): ${JSON.stringify(event)}`);
      break;
    }
    case 'message_status': {
      const data: Record<string, unknown> = jsonData(rest[0]) ?? {};
      if (!jsonData(rest[0])) {
        if (rest[0]) data.conversationId = asId(rest[0], 'conversationId');
        if (rest[1]) data.messageId = asId(rest[1], 'messageId');
        if (rest[2]) data.deliveryStatus = rest[2];
        if (rest[3]) data.failureReason = rest.slice(3).join(' ');
      }
      const { delivered, event } = await control.push('message_status', data);
      console.log(`message_status delivered to ${delivered} socket(s): ${JSON.stringify(event)}`);
      break;
    }
    case 'raw': {
      if (rest.length === 0) fail('raw needs the text to send');
      const { delivered } = await control.raw(rest.join(' '));
      console.log(`raw frame delivered to ${delivered} socket(s)`);
      break;
    }
    case 'drop': {
      const { dropped } = await control.drop();
      console.log(`dropped ${dropped} socket(s)`);
      break;
    }
    case 'status': {
      const { clients, connections } = await control.status();
      console.log(`${clients} socket(s) open, ${connections} connection(s) since start`);
      break;
    }
    default:
      fail(command ? `unknown command "${command}"` : 'which event?');
  }
}

main().catch((error: unknown) => {
  if (error instanceof RealtimeControlError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
