/**
 * `npm start`: runs the local stack (local-stack.ts) until Ctrl-C or SIGTERM, then stops
 * everything in reverse order, leaving no process behind. State is kept in OMS_DATA_DIR
 * (default `.data/` at the repository root); `npm start -- --reset` wipes it first.
 */
import { join } from 'node:path';
import { createLogger } from '@oms/platform';
import { LocalStack, startLocalStack } from './local-stack';
import { wipeDataFolder } from './stack/data-folder';

const logger = createLogger('LocalStack');
const env: NodeJS.ProcessEnv = {
  ...process.env,
  OMS_DATA_DIR: process.env.OMS_DATA_DIR || join(__dirname, '..', '.data'),
};
const unknown = process.argv.slice(2).filter((argument) => argument !== '--reset');
if (unknown.length > 0) {
  process.stderr.write(`unknown argument(s): ${unknown.join(' ')}\nusage: npm start [-- --reset]\n`);
  process.exit(2);
}

let stack: LocalStack | undefined;
let stopping = false;

async function stop(exitCode: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  if (!stack) return; // still starting: main() stops it as soon as it is up
  await stack.stop();
  process.exit(exitCode);
}

process.once('SIGINT', () => void stop(0));
process.once('SIGTERM', () => void stop(0));

async function main(): Promise<void> {
  if (process.argv.includes('--reset')) {
    wipeDataFolder(env.OMS_DATA_DIR as string);
    logger.info(`data folder ${env.OMS_DATA_DIR} wiped (--reset)`);
  }
  stack = await startLocalStack(env);
  if (stopping) {
    await stack.stop();
    process.exit(0);
  }
  process.stdout.write(stack.banner());
}

main().catch((error: unknown) => {
  logger.fatal({ err: error }, 'the stack failed to start');
  process.exit(1);
});
