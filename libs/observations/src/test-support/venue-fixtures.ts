import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * Venue payloads for the mapper specs. They are read from libs/exchange/test-fixtures,
 * which holds the copies of /work/shared/venue/fixtures (live captures and client mocks,
 * provenance in that folder's README); they are not copied a second time.
 */
const fixtureDir = join(__dirname, '..', '..', '..', 'exchange', 'test-fixtures');

export function venueFixture<S extends z.ZodTypeAny>(name: string, schema: S): z.output<S> {
  return schema.parse(JSON.parse(readFileSync(join(fixtureDir, `${name}.json`), 'utf8'))) as z.output<S>;
}
