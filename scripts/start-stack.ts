/**
 * `npm start`: runs the local stack (see local-stack.ts) until Ctrl-C or SIGTERM, then
 * stops everything in reverse order, leaving no process or temporary folder behind.
 */
import { createLogger } from '@oms/platform';
import { LocalStack, startLocalStack } from './local-stack';

const logger = createLogger('stack');
let stack: LocalStack | undefined;
let stopping = false;

async function stop(exitCode: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  await stack?.stop();
  process.exit(exitCode);
}

process.once('SIGINT', () => void stop(0));
process.once('SIGTERM', () => void stop(0));

startLocalStack().then(
  (started) => {
    stack = started;
    const lines = [
      'Local stack is up (Ctrl-C stops it)',
      `  OMS            ${started.omsUrl}`,
      `  ingest         ${started.ingestUrl}`,
    ];
    lines.push(`  Kafka          ${started.kafkaBrokers}`);
    if (started.venue) {
      const { venue } = started;
      // The simulated venue's demo key is a local fixture, not a secret: shown for trying the API by hand.
      lines.push(
        `  Exchange REST  ${venue.restUrl}`,
        `  Private stream ${venue.streamUrl}/api/v1/ws/{listenKey}`,
        `  Venue control  ${venue.controlUrl}`,
        `  Demo key       ${venue.demo.keyHeader}: ${venue.demo.apiKey}`,
        `  Demo secret    ${venue.demo.secretKey} (HMAC-SHA256)`,
      );
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  },
  (error: unknown) => {
    logger.fatal({ err: error }, 'the stack failed to start');
    process.exit(1);
  },
);
