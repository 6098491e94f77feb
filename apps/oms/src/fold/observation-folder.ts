import { runIndependent } from '@oms/persistence';
import { EventEnvelope } from '@oms/kafka';
import {
  DomainError,
  FundingPaymentObservation,
  FuturesBalanceObservation,
  FuturesFillObservation,
  FuturesPositionObservation,
  MarkPriceObservation,
  SpotBalanceObservation,
  VenueStreamCommand,
  futuresBalanceStreamId,
  futuresFillId,
  futuresOrderStreamId,
  futuresStopOrderStreamId,
  isOmsClientOrderId,
  orderStreamKey,
  positionStreamId,
  spotBalanceStreamId,
  spotOrderStreamId,
  venueStreamId,
} from '@oms/domain';
import { EventOrigin } from '../aggregates/decided-event';
import { FoldContext } from '../aggregates/fold-context';
import { OrderFolder } from '../aggregates/order-folder';
import { OrderMarket } from '../aggregates/order-links.store';
import { POSITION_PNL_TOLERANCE } from '../aggregates/position-effects';
import {
  readRecordedPositionReportsAhead,
  WantedPositionReport,
  withRecordedPositionReport,
} from '../aggregates/recorded-position-reports';

interface OrderIds {
  readonly accountId: string;
  readonly orderId: string;
  readonly clientOrderId: string | null;
}

const ORDER_OBSERVATIONS: Readonly<Record<string, { market: OrderMarket; command: string; fill: boolean }>> =
  {
    SpotOrderObserved: { market: 'spot', command: 'RecordSpotOrderObservation', fill: false },
    SpotFillObserved: { market: 'spot', command: 'RecordSpotFillObservation', fill: true },
    FuturesOrderObserved: { market: 'futures', command: 'RecordFuturesOrderObservation', fill: false },
    FuturesFillObserved: { market: 'futures', command: 'RecordFuturesFillObservation', fill: true },
    FuturesStopOrderObserved: {
      market: 'futures-stop',
      command: 'RecordFuturesStopOrderObservation',
      fill: false,
    },
  };

const STREAM_OF_MARKET = {
  spot: spotOrderStreamId,
  futures: futuresOrderStreamId,
  'futures-stop': futuresStopOrderStreamId,
} as const;

/** The stream an order's ids key (orderStreamKey: its OMS client id, else its venue orderId). */
function keyedStreamOf(market: OrderMarket, ids: OrderIds): string {
  return STREAM_OF_MARKET[market](ids.accountId, orderStreamKey(ids));
}

/** Whether a report or fill carries a client id the OMS generated. */
function carriesOmsClientId(ids: OrderIds): boolean {
  return typeof ids.clientOrderId === 'string' && isOmsClientOrderId(ids.clientOrderId);
}

/**
 * Routes one venue observation (payload already read by the domain readers) to its
 * aggregate and decides it there:
 * - an order report or fill carrying an OMS client id goes to the stream of that id;
 * - otherwise the venue orderId is looked up in the links (orders the OMS placed are
 *   linked once their orderId is known); an order report with no link starts the
 *   order's own stream (origin external); a fill with no link is parked until its order
 *   is linked, so it is neither a second order nor lost;
 * - positions, balances and stream health go to their streams; marks to rm_marks.
 */
export class ObservationFolder {
  constructor(private readonly orders: OrderFolder) {}

  /** The streams of the OMS's own orders (reports and fills carrying an OMS client id) these observations name. */
  omsOrderStreamsOf(envelopes: readonly EventEnvelope[]): Set<string> {
    const streams = new Set<string>();
    for (const envelope of envelopes) {
      const order = ORDER_OBSERVATIONS[envelope.type];
      const ids = envelope.payload as OrderIds;
      if (order !== undefined && carriesOmsClientId(ids)) streams.add(keyedStreamOf(order.market, ids));
    }
    return streams;
  }

  /**
   * Reads, in a few statements, what folding these observations will need: the links
   * of their orders, the states of the aggregates they name and the log's records of
   * the futures fills and funding payments they may bring to a position again (so a
   * batch does not pay one round trip per observation).
   */
  async prefetch(context: FoldContext, envelopes: readonly EventEnvelope[]): Promise<void> {
    const orders: Array<{ accountId: string; market: OrderMarket; orderId: string }> = [];
    const streams = new Set<string>();
    const reports = { fills: [] as WantedPositionReport[], payments: [] as WantedPositionReport[] };
    for (const envelope of envelopes) {
      const order = ORDER_OBSERVATIONS[envelope.type];
      const data = envelope.payload as Record<string, string | null>;
      if (order !== undefined) {
        const ids = envelope.payload as OrderIds;
        orders.push({ accountId: ids.accountId, market: order.market, orderId: ids.orderId });
        // The stream of an OMS client id; otherwise the order's own stream, which its
        // report lands in unless a link names another (then read after the links), so
        // that a report of an order placed elsewhere costs no second read.
        streams.add(keyedStreamOf(order.market, ids));
        if (order.market === 'futures') {
          for (const side of ['LONG', 'SHORT'] as const) {
            const position = positionStreamId(ids.accountId, data.symbol!, side);
            streams.add(position);
            if (order.fill) {
              reports.fills.push({
                streamId: position,
                id: futuresFillId(envelope.payload as FuturesFillObservation),
              });
            }
          }
        }
      } else if (envelope.type === 'SpotBalanceObserved') {
        streams.add(spotBalanceStreamId(data.accountId!, data.asset!));
      } else if (envelope.type === 'FuturesBalanceObserved') {
        streams.add(futuresBalanceStreamId(data.accountId!, data.asset!));
      } else if (envelope.type === 'FuturesPositionObserved') {
        streams.add(positionStreamId(data.accountId!, data.symbol!, data.side as 'LONG' | 'SHORT'));
      } else if (envelope.type === 'FundingPaymentObserved' && data.symbol !== null) {
        for (const side of ['LONG', 'SHORT'] as const) {
          const position = positionStreamId(data.accountId!, data.symbol, side);
          streams.add(position);
          reports.payments.push({ streamId: position, id: data.flowId! });
        }
      }
    }
    // The streams known already load with the links; those the links lead to, after.
    await runIndependent(context.executor, [
      () => context.links.prefetch(orders),
      () => context.uow.load([...streams]),
    ]);
    const linkedStreams = new Set<string>();
    for (const envelope of envelopes) {
      const order = ORDER_OBSERVATIONS[envelope.type];
      if (order === undefined) continue;
      const ids = envelope.payload as OrderIds;
      const linked =
        context.links.known(ids.accountId, order.market, ids.orderId) ??
        (await context.links.streamOf(ids.accountId, order.market, ids.orderId));
      linkedStreams.add(linked ?? keyedStreamOf(order.market, ids));
    }
    await context.uow.load([...linkedStreams]);
    await readRecordedPositionReportsAhead(context.uow, reports);
  }

  async fold(context: FoldContext, envelope: EventEnvelope): Promise<void> {
    await this.foldOne(context, envelope);
    while (context.released.length > 0) {
      const released = context.released.shift()!;
      await this.foldOne(context, released.envelope);
    }
  }

  private async foldOne(context: FoldContext, envelope: EventEnvelope): Promise<void> {
    const origin = originOf(envelope);
    const now = Date.parse(envelope.observedAt);
    const order = ORDER_OBSERVATIONS[envelope.type];
    if (order !== undefined) {
      const ids = envelope.payload as OrderIds;
      const streamId = await this.orderStream(context, order.market, ids, order.fill);
      if (streamId === null) {
        context.links.park(ids.accountId, order.market, ids.orderId, { eventId: envelope.eventId, envelope });
        return;
      }
      const command = { type: order.command, observation: envelope.payload, now };
      this.refused(context, origin, streamId, await this.orders.apply(context, streamId, command, origin));
      return;
    }
    switch (envelope.type) {
      case 'FuturesPositionObserved': {
        const observation = envelope.payload as FuturesPositionObservation;
        const streamId = positionStreamId(observation.accountId, observation.symbol, observation.side);
        await this.decide(context, origin, streamId, { type: 'RecordPositionObservation', observation, now });
        await this.decide(context, origin, streamId, {
          type: 'ReconcilePosition',
          realizedPnlTolerance: POSITION_PNL_TOLERANCE,
          now,
        });
        return;
      }
      case 'SpotBalanceObserved': {
        const observation = envelope.payload as SpotBalanceObservation;
        const streamId = spotBalanceStreamId(observation.accountId, observation.asset);
        await this.decide(context, origin, streamId, {
          type: 'RecordSpotBalanceObservation',
          observation,
          now,
        });
        return;
      }
      case 'FuturesBalanceObserved': {
        const observation = envelope.payload as FuturesBalanceObservation;
        const streamId = futuresBalanceStreamId(observation.accountId, observation.asset);
        await this.decide(context, origin, streamId, {
          type: 'RecordFuturesBalanceObservation',
          observation,
          now,
        });
        return;
      }
      case 'MarkPriceObserved': {
        const mark = envelope.payload as MarkPriceObservation;
        context.marks.push({
          symbol: mark.symbol,
          market: mark.kind === 'mark' ? 'futures' : 'spot',
          price: mark.price,
          time: mark.priceTime,
        });
        return;
      }
      case 'FundingPaymentObserved':
        await this.foldFunding(context, origin, envelope.payload as FundingPaymentObservation);
        return;
      case 'VenueStreamConnected':
      case 'VenueStreamDisconnected':
      case 'VenueStreamGapDetected': {
        const command = envelope.payload as VenueStreamCommand & { accountId: string };
        await this.decide(context, origin, venueStreamId(command.accountId), command);
        return;
      }
      default:
        context.refusals.push({
          inputId: envelope.eventId,
          streamId: '-',
          reason: `no fold for ${envelope.type}`,
        });
    }
  }

  private async orderStream(
    context: FoldContext,
    market: OrderMarket,
    ids: OrderIds,
    isFill: boolean,
  ): Promise<string | null> {
    if (carriesOmsClientId(ids)) return keyedStreamOf(market, ids);
    const linked =
      context.links.known(ids.accountId, market, ids.orderId) ??
      (await context.links.streamOf(ids.accountId, market, ids.orderId));
    if (linked !== null) return linked;
    if (isFill) return null;
    return keyedStreamOf(market, ids);
  }

  /** Funding is paid on the account's open position in the symbol (LONG first in hedge mode). */
  private async foldFunding(
    context: FoldContext,
    origin: EventOrigin,
    payment: FundingPaymentObservation,
  ): Promise<void> {
    if (payment.symbol === null) return;
    for (const side of ['LONG', 'SHORT'] as const) {
      const streamId = positionStreamId(payment.accountId, payment.symbol, side);
      const state = (await context.uow.stateOf(streamId)) as { side: string | null };
      if (state.side === null) continue;
      const command = {
        type: 'RecordFundingPayment',
        accountId: payment.accountId,
        symbol: payment.symbol,
        payment: {
          fundingId: payment.flowId,
          amount: payment.amount,
          asset: payment.asset,
          rate: null,
          time: payment.settledAt,
        },
        now: payment.settledAt,
      };
      await this.decide(
        context,
        origin,
        streamId,
        await withRecordedPositionReport(context.uow, streamId, command),
      );
      return;
    }
  }

  private async decide(
    context: FoldContext,
    origin: EventOrigin,
    streamId: string,
    command: unknown,
  ): Promise<void> {
    this.refused(context, origin, streamId, await context.uow.decide(streamId, command, origin));
  }

  private refused(context: FoldContext, origin: EventOrigin, streamId: string, result: unknown): void {
    if (result instanceof DomainError) {
      context.refusals.push({ inputId: origin.inputId, streamId, reason: result.message });
    }
  }
}

export function originOf(envelope: EventEnvelope): EventOrigin {
  const venueTime = envelope.venueTime === null ? null : Date.parse(envelope.venueTime);
  return {
    inputId: envelope.eventId,
    actor: null,
    source: envelope.source,
    correlationId: envelope.correlationId,
    occurredAt: venueTime ?? Date.parse(envelope.observedAt),
  };
}
