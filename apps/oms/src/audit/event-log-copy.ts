import { StringDecoder } from 'node:string_decoder';
import { PoolClient } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { StoredEvent } from '@oms/persistence';

/** What a replay reads of a stored event. */
export type ReplayedEvent = Pick<
  StoredEvent,
  'globalPosition' | 'streamId' | 'streamVersion' | 'type' | 'schemaVersion' | 'payload' | 'occurredAt'
>;

const UNESCAPED: Readonly<Record<string, string>> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };

/** A field of COPY text output: Postgres escapes backslash and control characters. */
function copyField(text: string): string {
  if (!text.includes('\\')) return text;
  return text.replace(/\\(.)/g, (_, char: string) => UNESCAPED[char] ?? char);
}

function parseLine(line: string): ReplayedEvent {
  const fields = line.split('\t');
  if (fields.length !== 7) throw new Error(`unexpected event row from COPY: ${line.slice(0, 200)}`);
  return {
    globalPosition: fields[0],
    streamId: copyField(fields[1]),
    streamVersion: Number(fields[2]),
    type: copyField(fields[3]),
    schemaVersion: Number(fields[4]),
    payload: JSON.parse(copyField(fields[5])) as unknown,
    occurredAt: Number(fields[6]),
  };
}

/**
 * Streams the log after a global position, in global order, with COPY TO STDOUT on the
 * given connection (inside a transaction, that transaction's snapshot): one statement
 * whose rows arrive while the ones before are folded, without a row object per column
 * or a round trip per page. Hands the events over in the batches they arrive in.
 */
export async function streamEventLog(
  client: PoolClient,
  afterPosition: string,
  onEvents: (events: ReplayedEvent[]) => void | Promise<void>,
): Promise<void> {
  if (!/^\d+$/.test(afterPosition)) throw new Error(`not a global position: ${afterPosition}`);
  const stream = client.query(
    copyTo(
      `COPY (SELECT global_position, stream_id, stream_version, event_type, schema_version, payload,
                    floor(extract(epoch FROM occurred_at) * 1000)::int8
             FROM events WHERE global_position > ${afterPosition} ORDER BY global_position) TO STDOUT`,
    ),
  );
  const decoder = new StringDecoder('utf8');
  let partial = '';
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    const lines = (partial + decoder.write(chunk)).split('\n');
    partial = lines.pop()!;
    if (lines.length > 0) await onEvents(lines.map(parseLine));
  }
  const rest = partial + decoder.end();
  if (rest.length > 0) await onEvents([parseLine(rest)]);
}
