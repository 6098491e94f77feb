/**
 * The fault suite's checks and diagnoses that read Kafka: every event in the OMS's
 * store reached `oms.events.v1` (at least once; repeats are allowed, as the contract
 * says), however often the OMS was killed and the broker restarted while the relay
 * published; where the fold stands on the observations topic; what that topic names.
 */
import { KafkaMessage, logLevel } from 'kafkajs';
import { Client } from 'pg';
import { createKafkaClient, DEFAULT_TOPIC_NAMES, EventHeader } from '@oms/kafka';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Each partition's low and high offsets of `topic`. */
async function topicEnds(brokers: readonly string[], topic: string) {
  const kafka = createKafkaClient({ brokers, clientId: 'chaos-topic-ends', logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  return admin.fetchTopicOffsets(topic).finally(() => admin.disconnect());
}

/**
 * Reads `topic` from the beginning with a new consumer group, handing each message to
 * `each`, until `done()` holds or `timeoutMs` passed.
 */
async function readTopic(
  brokers: readonly string[],
  topic: string,
  each: (message: KafkaMessage, partition: number) => void,
  done: () => boolean,
  timeoutMs: number,
): Promise<void> {
  const kafka = createKafkaClient({ brokers, clientId: 'chaos-topic-reader', logLevel: logLevel.NOTHING });
  const consumer = kafka.consumer({ groupId: `chaos-topic-reader-${Date.now()}` });
  await consumer.connect();
  try {
    await consumer.subscribe({ topic, fromBeginning: true });
    await consumer.run({
      eachMessage: ({ message, partition }) => {
        each(message, partition);
        return Promise.resolve();
      },
    });
    for (const started = Date.now(); !done() && Date.now() - started < timeoutMs;) await sleep(250);
  } finally {
    await consumer.disconnect();
  }
}

/** Waits (the OMS running) until the relay's cursor is at the end of the log; false when it never got there. */
export async function relayCaughtUp(databaseUrl: string, timeoutMs: number): Promise<boolean> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const started = Date.now(); Date.now() - started < timeoutMs; await sleep(500)) {
      const { rows } = await client.query<{ caught_up: boolean }>(
        `SELECT (SELECT published_position FROM oms_outbox_cursor WHERE relay = 'oms-events') >=
                (SELECT coalesce(max(global_position), 0) FROM events) AS caught_up`,
      );
      if (rows[0].caught_up) return true;
    }
    return false;
  } finally {
    await client.end();
  }
}

/** 'passed', or what is missing: the stored event ids not found on the topic. */
export async function everyEventPublished(
  databaseUrl: string,
  brokers: readonly string[],
  timeoutMs: number,
): Promise<string> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const stored = new Set(
    (await client.query<{ event_id: string }>(`SELECT event_id FROM events`)).rows.map((row) => row.event_id),
  );
  await client.end();
  const seen = new Set<string>();
  await readTopic(
    brokers,
    DEFAULT_TOPIC_NAMES.omsEvents,
    (message) => {
      const eventId = message.headers?.[EventHeader.eventId]?.toString();
      if (eventId !== undefined && stored.has(eventId)) seen.add(eventId);
    },
    () => seen.size >= stored.size,
    timeoutMs,
  );
  if (seen.size === stored.size) return 'passed';
  const missing = [...stored].filter((eventId) => !seen.has(eventId));
  return `FAILED (${missing.length} of ${stored.size} stored events not on ${DEFAULT_TOPIC_NAMES.omsEvents}, e.g. ${missing.slice(0, 3).join(', ')})`;
}

/**
 * Where the fold stands on each partition of the venue observations against the topic's
 * end (a diagnosis printed beside the checks): `p0 120/120, p1 98/101`.
 */
export async function foldPositions(databaseUrl: string, brokers: readonly string[]): Promise<string> {
  const topic = DEFAULT_TOPIC_NAMES.venueObservations;
  const ends = await topicEnds(brokers, topic);
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const stored = await client
    .query<{ partition: number; next_offset: string }>(
      `SELECT partition, next_offset::text AS next_offset FROM consumer_offsets WHERE topic = $1`,
      [topic],
    )
    .finally(() => client.end());
  const folded = new Map(stored.rows.map((row) => [row.partition, row.next_offset]));
  return ends
    .sort((a, b) => a.partition - b.partition)
    .map((end) => `p${end.partition} ${folded.get(end.partition) ?? 'none'}/${end.high}`)
    .join(', ');
}

/** Where an observation lies on the venue observations topic. */
export interface ObservationPlace {
  readonly partition: number;
  readonly offset: string;
  readonly type: string | undefined;
  readonly eventId: string | undefined;
}

/**
 * The venue order ids and fill ids that observations on the venue observations topic
 * name, each with where it lies: what the OMS misses either reached Kafka and the fold
 * did not keep it, or never reached Kafka.
 */
export async function observedIds(
  brokers: readonly string[],
  timeoutMs: number,
): Promise<Map<string, ObservationPlace[]>> {
  const topic = DEFAULT_TOPIC_NAMES.venueObservations;
  const ends = await topicEnds(brokers, topic);
  const total = ends.reduce((sum, end) => sum + Number(end.high) - Number(end.low), 0);
  const ids = new Map<string, ObservationPlace[]>();
  let read = 0;
  await readTopic(
    brokers,
    topic,
    (message, partition) => {
      read += 1;
      try {
        const envelope = JSON.parse(String(message.value)) as {
          type?: string;
          eventId?: string;
          payload?: Record<string, unknown>;
        };
        const where = { partition, offset: message.offset, type: envelope.type, eventId: envelope.eventId };
        for (const field of ['orderId', 'ticketId', 'tradeId']) {
          const id = envelope.payload?.[field];
          if (typeof id === 'string') ids.set(id, [...(ids.get(id) ?? []), where]);
        }
      } catch {
        // not an envelope: counted, named by nothing
      }
    },
    () => read >= total,
    timeoutMs,
  );
  return ids;
}

/** The streams holding events decided from these observations (by the envelopes' eventIds). */
export async function streamsOfInputs(
  databaseUrl: string,
  inputIds: readonly string[],
): Promise<Map<string, string[]>> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ input_id: string; stream_id: string }>(
      `SELECT DISTINCT metadata->>'inputId' AS input_id, stream_id FROM events
       WHERE metadata->>'inputId' = ANY($1::text[])`,
      [[...inputIds]],
    );
    const streams = new Map<string, string[]>();
    for (const row of rows) streams.set(row.input_id, [...(streams.get(row.input_id) ?? []), row.stream_id]);
    return streams;
  } finally {
    await client.end();
  }
}
