/**
 * Venue fills at a set rate, pushed on the private stream through the simulated venue's
 * control plane (`POST /faults/stream/raw`: the frame reaches ingest exactly as the venue
 * would send it). Each fill is a `ticketInfo` of a spot order the OMS did not place
 * (an external order of the account), a few fills per order, as a busy account's stream
 * carries them.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface FillStreamResult {
  readonly sent: number;
  readonly seconds: number;
  readonly frames: number;
}

export class VenueFillStream {
  private ticket = 8_000_000_000_000_000_000n;
  private order = 7_000_000_000_000_000_000n;
  private fillsOfOrder = 0;

  constructor(
    private readonly controlUrl: string,
    /** The venue's spot account id of the account the fills belong to. */
    private readonly spotAccountId: string,
    private readonly fillsPerOrder = 5,
  ) {}

  private ticketInfo(now: number): Record<string, unknown> {
    if (this.fillsOfOrder % this.fillsPerOrder === 0) this.order += 1n;
    this.fillsOfOrder += 1;
    this.ticket += 1n;
    return {
      e: 'ticketInfo',
      E: String(now),
      s: 'BTCUSDT',
      q: '0.001',
      t: String(now),
      p: '30000',
      T: String(this.ticket),
      o: String(this.order),
      c: `external-${this.order}`,
      a: this.spotAccountId,
      m: false,
      S: 'BUY',
    };
  }

  private async push(events: readonly Record<string, unknown>[]): Promise<void> {
    const response = await fetch(`${this.controlUrl}/faults/stream/raw`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: JSON.stringify(events) }),
    });
    if (!response.ok) throw new Error(`the venue refused a stream frame: ${response.status}`);
    const { sent } = (await response.json()) as { sent: number };
    if (sent === 0) throw new Error('no private stream connection took the frame (is ingest connected?)');
  }

  /**
   * Pushes `perSecond` fills for `seconds` as an open-loop sender: every tick (10 ms) one
   * frame carries every fill due by then, so a slow round trip makes frames bigger
   * rather than the rate lower.
   */
  async run(perSecond: number, seconds: number): Promise<FillStreamResult> {
    const tickMs = 10;
    // The control plane takes frames of up to 65,536 characters: 200 fills are about 36,000.
    const maxFrameFills = 200;
    const total = perSecond * seconds;
    const started = Date.now();
    let sent = 0;
    let frames = 0;
    while (sent < total) {
      const now = Date.now();
      const due = Math.min(total, Math.ceil(((now - started) / 1000) * perSecond));
      if (due > sent) {
        const events = Array.from({ length: Math.min(due - sent, maxFrameFills) }, () =>
          this.ticketInfo(now),
        );
        await this.push(events);
        sent += events.length;
        frames += 1;
        if (due > sent) continue;
      }
      await sleep(
        Math.max(0, started + (Math.floor((Date.now() - started) / tickMs) + 1) * tickMs - Date.now()),
      );
    }
    return { sent, seconds: (Date.now() - started) / 1000, frames };
  }
}
