import { parseArgs } from 'node:util';
import { createLogger } from '@oms/platform';
import { startVenue } from './start-venue';

/**
 * `npm run venue -- --port <n> [--control-port <n>] [--seed <n>] [--host <ip>]`:
 * starts the simulated exchange and prints its URLs and demo credentials.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      'control-port': { type: 'string' },
      seed: { type: 'string' },
      host: { type: 'string' },
      'no-market': { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  if (values.help === true) {
    process.stdout.write(
      'Usage: npm run venue -- --port <n> [--control-port <n>] [--seed <n>] [--host <ip>] [--no-market]\n',
    );
    return;
  }
  const port = optionalNumber('--port', values.port);
  const venue = await startVenue({
    port,
    controlPort:
      optionalNumber('--control-port', values['control-port']) ?? (port === undefined ? undefined : port + 1),
    seed: optionalNumber('--seed', values.seed),
    host: values.host,
    simulatedMarket: values['no-market'] === true ? false : undefined,
    marketTicking: values['no-market'] !== true,
    // Standalone, the venue settles funding on schedule like the exchange, unless the
    // environment says otherwise.
    fundingSchedule: process.env.VENUE_FUNDING_SCHEDULE === undefined ? true : undefined,
  });
  process.stdout.write(
    [
      'Simulated exchange ready',
      `  REST           ${venue.restUrl}`,
      `  Private stream ${venue.streamUrl}/api/v1/ws/{listenKey}`,
      `  Public stream  ${venue.streamUrl}/quote/ws/v1`,
      `  Control plane  ${venue.controlUrl}  (GET /health, POST /accounts, POST /faults/..., GET /snapshot)`,
      'Demo credentials',
      `  header ${venue.demo.keyHeader} (X-HK-APIKEY is accepted too)`,
      `  apiKey    ${venue.demo.apiKey}`,
      `  secretKey ${venue.demo.secretKey}`,
      `  userId ${venue.demo.userId}  spot account ${venue.demo.spotAccountId}  futures account ${venue.demo.futuresAccountId}`,
      '',
    ].join('\n'),
  );
  const shutdown = (signal: string) => {
    createLogger('VenueMain').info({ signal }, 'stopping');
    venue.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

function optionalNumber(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new Error(`${flag} must be a whole number, got "${value}"`);
  return Number(value);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
