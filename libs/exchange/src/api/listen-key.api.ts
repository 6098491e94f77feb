import { VenueRestClient } from '../http/venue-rest-client';
import { requireText } from '../validation/request-limits';
import { listenKeyAckSchema, listenKeySchema } from '../wire/market-data.wire';
import { ENDPOINTS } from './endpoints';

/** Listen keys of the user-data stream (valid 60 minutes, extended by each keepalive). */
export class ListenKeyApi {
  constructor(private readonly rest: VenueRestClient) {}

  /** POST /api/v1/userDataStream. */
  async create(): Promise<string> {
    const { listenKey } = await this.rest.read(ENDPOINTS.createListenKey, {}, listenKeySchema);
    return listenKey;
  }

  /** PUT /api/v1/userDataStream: resets the key's validity to 60 minutes. */
  async keepAlive(listenKey: string): Promise<void> {
    requireText('listenKey', listenKey);
    await this.rest.read(ENDPOINTS.keepAliveListenKey, { listenKey }, listenKeyAckSchema);
  }

  /** DELETE /api/v1/userDataStream. */
  async close(listenKey: string): Promise<void> {
    requireText('listenKey', listenKey);
    await this.rest.read(ENDPOINTS.closeListenKey, { listenKey }, listenKeyAckSchema);
  }
}
