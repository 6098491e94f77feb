/** Where the demo finds the stack: the defaults of `npm start`, each overridable. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface DemoSettings {
  readonly omsUrl: string;
  readonly exchangeUrl: string;
  readonly venueControlUrl: string;
  readonly account: string;
  readonly token: string;
}

export function demoSettings(env: NodeJS.ProcessEnv, repositoryRoot: string): DemoSettings {
  const dataDir = env.OMS_DATA_DIR || join(repositoryRoot, '.data');
  const tokenFile = join(dataDir, 'desk-admin-token');
  const token =
    env.DESK_TOKEN ||
    env.DESK_ADMIN_TOKEN ||
    (existsSync(tokenFile) ? readFileSync(tokenFile, 'utf8').trim() : '');
  if (!token)
    throw new Error(
      `no desk token: set DESK_TOKEN (the banner's "Desk token") or start the stack so ${tokenFile} exists`,
    );
  return {
    omsUrl: env.OMS_URL || `http://127.0.0.1:${env.OMS_HTTP_PORT || 3000}`,
    exchangeUrl: env.EXCHANGE_REST_URL || `http://127.0.0.1:${env.VENUE_PORT || 8080}`,
    venueControlUrl: env.VENUE_CONTROL_URL || `http://127.0.0.1:${env.VENUE_CONTROL_PORT || 8081}`,
    account: env.DEMO_ACCOUNT || 'demo',
    token,
  };
}
