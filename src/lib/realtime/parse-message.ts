// Reads a socket frame against asyncapi.yaml's message schemas. Kept apart from events.ts
// because it needs zod and every generated message schema: the shell loads it after the
// first paint (see use-realtime.ts and read-messages.ts), so the first download of a screen does without them.
import type { z } from 'zod';
import { realtimeMessages } from '../../../common/generated/realtime/messages';
import type { RealtimeEvent, RealtimeEventType } from './events';

/**
 * ok: the message, with `ignored` naming the fields left aside (unknown to
 * this version of the contract, or optional ones holding a value it cannot use).
 */
export type ParseResult = { ok: true; event: RealtimeEvent; ignored: string[] } | { ok: false; reason: string };

type AnyObject = z.ZodObject<Record<string, z.ZodType>>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const describeIssues = (issues: z.core.$ZodIssue[]) =>
  issues.map((i) => `${i.path.join('.') || '(message)'}: ${i.message}`).join('; ');

/**
 * Reads one text frame (asyncapi.yaml): the required fields must hold, the
 * rest is taken when usable and otherwise set aside, so a server that sends
 * less (only the required fields) or more (a newer version) still reaches
 * the screen. Not JSON, an unknown type or a bad required field: refused.
 */
export function parseRealtimeMessage(raw: string): ParseResult {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  const type = isRecord(json) ? json.type : undefined;
  if (!isRecord(json) || typeof type !== 'string' || !Object.hasOwn(realtimeMessages, type)) {
    return { ok: false, reason: `unknown message type ${JSON.stringify(type)}` };
  }
  const envelope = realtimeMessages[type as RealtimeEventType] as unknown as AnyObject;
  const dataSchema = envelope.shape.data as AnyObject;
  if (!isRecord(json.data)) return { ok: false, reason: 'data: expected an object' };

  const ignored = [
    ...Object.keys(json).filter((key) => !(key in envelope.shape)),
    ...Object.keys(json.data)
      .filter((key) => !(key in dataSchema.shape))
      .map((key) => `data.${key}`),
  ];
  const data = { ...json.data };
  let result = envelope.safeParse({ ...json, data });
  if (!result.success) {
    // An optional field with a value this client cannot use is set aside, not fatal.
    const unusable = new Set<string>();
    for (const issue of result.error.issues) {
      const [where, key] = issue.path;
      const field = where === 'data' && typeof key === 'string' ? dataSchema.shape[key] : undefined;
      if (!field || !field.safeParse(undefined).success)
        return { ok: false, reason: describeIssues(result.error.issues) };
      unusable.add(key as string);
    }
    for (const key of unusable) delete data[key];
    ignored.push(...[...unusable].map((key) => `data.${key}`));
    result = envelope.safeParse({ ...json, data });
    if (!result.success) return { ok: false, reason: describeIssues(result.error.issues) };
  }
  return { ok: true, event: result.data as RealtimeEvent, ignored };
}
