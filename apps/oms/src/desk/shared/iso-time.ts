/** A Postgres timestamptz (a Date from node-postgres) as ISO-8601 UTC. */
export function isoTime(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

export function isoTimeOrNull(value: Date | string | null | undefined): string | null {
  return value === null || value === undefined ? null : isoTime(value);
}
