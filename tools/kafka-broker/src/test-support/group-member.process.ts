/**
 * A consumer-group member in its own process, so a spec can kill it without a
 * LeaveGroup (as when a host dies). Arguments: <broker> <topic> <groupId>. It prints
 * one JSON line per assignment it receives.
 */
import { Kafka, logLevel } from 'kafkajs';

async function run(): Promise<void> {
  const [broker, topic, groupId] = process.argv.slice(2);
  const kafka = new Kafka({ brokers: [broker], clientId: 'doomed-member', logLevel: logLevel.NOTHING });
  const consumer = kafka.consumer({
    groupId,
    sessionTimeout: 1500,
    heartbeatInterval: 200,
    maxWaitTimeInMs: 100,
  });
  consumer.on(consumer.events.GROUP_JOIN, (event) => {
    const partitions = event.payload.memberAssignment[topic] ?? [];
    process.stdout.write(`${JSON.stringify({ event: 'assigned', partitions })}\n`);
  });
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  await consumer.run({ eachMessage: async () => {} });
}

run().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
