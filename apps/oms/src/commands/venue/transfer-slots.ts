import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  DEFAULT_MAX_WAIT_MS,
  DEFAULT_RATE_BUDGETS,
  DEFAULT_SAFETY_MARGIN_MS,
  DEFAULT_TRANSIT_ALLOWANCE_MS,
} from '@oms/exchange';
import { DeskError, DeskErrorCode } from '../../errors/desk-error';

/**
 * Between two transfers of one key: the venue's window for transfers, plus the time a
 * request may take to reach the venue once sent and the margin, as the exchange client's
 * rate limiter counts a spend (1.6 s with its defaults, which the OMS's clients use).
 * The venue counts a transfer when it arrives, which is at most that long after its moment.
 */
export const TRANSFER_SPACING_MS =
  DEFAULT_RATE_BUDGETS.transfer.windowMs + DEFAULT_TRANSIT_ALLOWANCE_MS + DEFAULT_SAFETY_MARGIN_MS;

/** Longest a transfer waits for its moment: as long as the exchange client waits for budget. */
export const MAX_TRANSFER_WAIT_MS = DEFAULT_MAX_WAIT_MS;

/**
 * Reserves, in Postgres, the moment each venue key's next internal transfer may leave
 * (`oms_transfer_slots`), and waits for it. The seeds allow one transfer a second per
 * key; each OMS process's client keeps to that alone, but two processes sending with
 * one key could still meet in one of the venue's seconds, and the later transfer would
 * be refused. A reservation is one statement that locks the key's row, so processes take
 * their moments one after the other, each TRANSFER_SPACING_MS after the last.
 */
@Injectable()
export class TransferSlots {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Waits until this key may send its next transfer. A moment further off than
   * MAX_TRANSFER_WAIT_MS is not reserved: 429 VENUE_RATE_LIMITED, nothing sent.
   */
  async waitForSlot(apiKey: string): Promise<void> {
    const keyId = createHash('sha256').update(apiKey).digest('hex');
    const reserved = await this.dataSource.query<Array<{ wait_ms: number }>>(
      `INSERT INTO oms_transfer_slots AS slots (key_id, next_at)
       VALUES ($1, clock_timestamp() + make_interval(secs => $2::float8 / 1000))
       ON CONFLICT (key_id) DO UPDATE
          SET next_at = greatest(slots.next_at, clock_timestamp()) + make_interval(secs => $2::float8 / 1000)
        WHERE slots.next_at <= clock_timestamp() + make_interval(secs => $3::float8 / 1000)
       RETURNING greatest(0, extract(epoch FROM slots.next_at - clock_timestamp()) * 1000 - $2::float8)::float8 AS wait_ms`,
      [keyId, TRANSFER_SPACING_MS, MAX_TRANSFER_WAIT_MS],
    );
    if (reserved.length === 0) {
      throw new DeskError(
        DeskErrorCode.VENUE_RATE_LIMITED,
        'the venue key has transfers queued for longer than a transfer may wait; nothing was sent',
        { retryAfterSeconds: Math.ceil(MAX_TRANSFER_WAIT_MS / 1000) },
      );
    }
    const waitMs = reserved[0].wait_ms;
    if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
  }
}
