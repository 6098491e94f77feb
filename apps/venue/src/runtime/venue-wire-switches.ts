/**
 * Answers the venue can give in either of two shapes seen in the wild, switched from
 * the control plane so a client can be tested against both.
 */
export class VenueWireSwitches {
  /**
   * Live captures of GET /api/v1/futures/userTrades show rows without `ticketId`
   * (`/work/shared/venue/fixtures`); the seeds list it. Off by default (seeds).
   */
  futuresTradesWithoutTicketId = false;

  state(): { readonly futuresTradesWithoutTicketId: boolean } {
    return { futuresTradesWithoutTicketId: this.futuresTradesWithoutTicketId };
  }
}
