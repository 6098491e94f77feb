/** The text `npm start` prints once the stack is up: where everything is, and the desk token. */
export interface BannerFacts {
  readonly omsUrl: string;
  readonly ingestUrl: string;
  readonly deskToken: string;
  readonly dataDir: string;
  readonly persistent: boolean;
  /** `url`: the embedded cluster's, for the commands that take DATABASE_URL (replay, verify-log). */
  readonly postgres: { readonly kind: 'embedded' | 'external'; readonly url?: string };
  readonly kafka: { readonly kind: 'external' | 'project-broker'; readonly brokers: readonly string[] };
  readonly exchangeRestUrl: string;
  readonly simulatedVenue?: {
    readonly streamUrl: string;
    readonly controlUrl: string;
    readonly apiKey: string;
    readonly keyHeader: string;
  };
  readonly accounts: readonly string[];
}

function row(label: string, value: string): string {
  return `  ${label.padEnd(15)}${value}`;
}

export function stackBanner(facts: BannerFacts): string {
  const lines = [
    'Local stack is up (Ctrl-C stops it)',
    row('Desk REST', `${facts.omsUrl}/v1`),
    row('Swagger UI', `${facts.omsUrl}/docs`),
    row('GraphiQL', `${facts.omsUrl}/graphql`),
    row('Metrics', `${facts.omsUrl}/metrics (OMS), ${facts.ingestUrl}/metrics (ingest)`),
    row('Health', `${facts.omsUrl}/health (OMS), ${facts.ingestUrl}/health (ingest)`),
  ];
  if (facts.simulatedVenue) {
    const venue = facts.simulatedVenue;
    lines.push(
      row('Venue REST', facts.exchangeRestUrl),
      row('Venue stream', `${venue.streamUrl}/api/v1/ws/{listenKey}`),
      row('Venue control', venue.controlUrl),
      // The demo user's key is a local fixture of the simulated venue, shown for trying its API by hand.
      row('Account', `demo (the simulated venue's demo user, ${venue.keyHeader}: ${venue.apiKey})`),
    );
  } else {
    lines.push(row('Exchange', `${facts.exchangeRestUrl} (EXCHANGE_REST_URL)`));
    lines.push(row('Accounts', facts.accounts.join(', ') || '(none: set EXCHANGE_ACCOUNTS)'));
  }
  lines.push(
    row('Desk token', `${facts.deskToken} (Authorization: Bearer ...)`),
    row(
      'Postgres',
      facts.postgres.kind === 'embedded'
        ? `embedded PostgreSQL 15 at ${facts.postgres.url} (DATABASE_URL for npm run replay, verify-log)`
        : 'DATABASE_URL',
    ),
    row(
      'Kafka',
      `${facts.kafka.brokers.join(',')} (${facts.kafka.kind === 'project-broker' ? 'project broker' : 'KAFKA_BROKERS'})`,
    ),
    row(
      'Data',
      facts.persistent
        ? `${facts.dataDir} (kept across restarts; npm start -- --reset wipes it)`
        : `${facts.dataDir} (deleted on stop)`,
    ),
  );
  return `${lines.join('\n')}\n`;
}
