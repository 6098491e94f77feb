import {
  StreamPing,
  streamPingSchema,
  streamPongSchema,
  UserStreamEvent,
  userStreamEventSchema,
  userStreamEventTypes,
} from '../wire/user-stream.wire';
import { compileWireSchema } from '../wire/compiled-wire-schema';
import { parseVenueJson } from '../wire/lossless-json';
import { NOT_ACCEPTED } from '../wire/wire-primitives';
import { jsonFrameItemTexts } from './json-frame-items';

/**
 * One item of a private stream frame, classified. Nothing is dropped: what is not
 * understood is `unknown`. `text` is the item exactly as the venue wrote it (number
 * formatting and fields outside the wire schema included), for audit.
 */
export type StreamMessage =
  | { readonly type: 'event'; readonly event: UserStreamEvent; readonly text: string }
  | { readonly type: 'ping'; readonly ping: StreamPing }
  | { readonly type: 'pong'; readonly pong: number | string }
  | { readonly type: 'unknown'; readonly raw: unknown; readonly reason: string; readonly text?: string };

const knownEventTypes: ReadonlySet<string> = new Set(userStreamEventTypes);

/** The events' schema as one plain function: the zod schema only explains a refusal. */
const parseEventQuickly = compileWireSchema(userStreamEventSchema);

function classify(item: unknown, text: string): StreamMessage {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) {
    return { type: 'unknown', raw: item, reason: 'not an object', text };
  }
  const record = item as Record<string, unknown>;
  if ('e' in record) {
    if (typeof record.e !== 'string' || !knownEventTypes.has(record.e)) {
      return { type: 'unknown', raw: item, reason: `unknown event type ${JSON.stringify(record.e)}`, text };
    }
    const event = parseEventQuickly(item);
    if (event !== NOT_ACCEPTED) return { type: 'event', event, text };
    const parsed = userStreamEventSchema.safeParse(item);
    if (parsed.success) return { type: 'event', event: parsed.data, text };
    const issue = parsed.error.issues[0];
    return {
      type: 'unknown',
      raw: item,
      reason: `${record.e}.${issue.path.join('.')}: ${issue.message}`,
      text,
    };
  }
  const ping = streamPingSchema.safeParse(item);
  if (ping.success) return { type: 'ping', ping: ping.data };
  const pong = streamPongSchema.safeParse(item);
  if (pong.success) return { type: 'pong', pong: pong.data.pong };
  return { type: 'unknown', raw: item, reason: 'no event type (e), ping or pong', text };
}

/**
 * Splits one text frame of the private stream into classified messages. The venue
 * sends an array of events, some revisions a single object; both are accepted.
 */
export function parseUserStreamFrame(text: string): StreamMessage[] {
  let decoded: unknown;
  try {
    decoded = parseVenueJson(text);
  } catch {
    return [{ type: 'unknown', raw: text, reason: 'frame is not JSON' }];
  }
  const items: unknown[] = Array.isArray(decoded) ? decoded : [decoded];
  const texts = jsonFrameItemTexts(text);
  // The splitter and JSON.parse agree on well-formed text; re-encoding is only a guard.
  const exact = texts.length === items.length;
  return items.map((item, index) => classify(item, exact ? texts[index] : JSON.stringify(item)));
}
