import { KafkaBrokerOptions } from './server/broker-options';

const USAGE = `Usage: npm run broker -- --data <dir> [--port 9092] [--host 127.0.0.1]
  [--partitions 3] [--retention-bytes -1] [--retention-ms 604800000] [--segment-bytes 67108864]`;

const NUMERIC_FLAGS: Record<string, keyof KafkaBrokerOptions> = {
  '--port': 'port',
  '--partitions': 'defaultPartitions',
  '--retention-bytes': 'retentionBytes',
  '--retention-ms': 'retentionMs',
  '--segment-bytes': 'segmentBytes',
};

export class CliArgumentError extends Error {
  constructor(message: string) {
    super(`${message}\n${USAGE}`);
    this.name = 'CliArgumentError';
  }
}

/** Turns the broker's command line into options; every problem names the flag. */
export function parseBrokerArguments(argv: readonly string[]): KafkaBrokerOptions {
  const values: Record<string, string | number> = {};
  for (let index = 0; index < argv.length; index += 2) {
    const flag = argv[index];
    const value = argv[index + 1];
    if (value === undefined || value.startsWith('--')) throw new CliArgumentError(`${flag} needs a value`);
    if (flag === '--data') values.dataDir = value;
    else if (flag === '--host') values.host = value;
    else if (flag in NUMERIC_FLAGS) {
      if (!/^-?\d+$/.test(value)) throw new CliArgumentError(`${flag} must be an integer, got "${value}"`);
      values[NUMERIC_FLAGS[flag]] = Number(value);
    } else {
      throw new CliArgumentError(`unknown option ${flag}`);
    }
  }
  if (typeof values.dataDir !== 'string') throw new CliArgumentError('--data is required');
  const port = values.port;
  if (typeof port === 'number' && (port < 0 || port > 65535))
    throw new CliArgumentError(`--port ${port} is not a TCP port`);
  const partitions = values.defaultPartitions;
  if (typeof partitions === 'number' && partitions < 1)
    throw new CliArgumentError('--partitions must be at least 1');
  return { port: 9092, ...values } as KafkaBrokerOptions;
}
