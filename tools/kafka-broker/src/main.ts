import { startKafkaBroker } from './index';
import { CliArgumentError, parseBrokerArguments } from './cli-arguments';

async function main(): Promise<void> {
  const options = parseBrokerArguments(process.argv.slice(2));
  const broker = await startKafkaBroker(options);
  console.log(`Kafka broker ready on ${broker.brokers.join(',')} (data in ${options.dataDir})`);
  const shutdown = (signal: NodeJS.Signals): void => {
    console.log(`${signal} received, stopping the broker`);
    broker.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('broker did not stop cleanly', error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof CliArgumentError ? error.message : error);
  process.exit(error instanceof CliArgumentError ? 2 : 1);
});
