import { CreateEventStore1763800000000 } from './1763800000000-create-event-store';
import { CreateReadModels1763900000000 } from './1763900000000-create-read-models';
import { CreateOmsFoldTables1764000000000 } from './1764000000000-create-oms-fold-tables';
import { CreateDeskTokens1764200000000 } from './1764200000000-create-desk-tokens';
import { NotifyReadModelChanges1764200000001 } from './1764200000001-notify-read-model-changes';
import { ChainEventLog1764100000000 } from './1764100000000-chain-event-log';
import { CreateAggregateSnapshots1764100001000 } from './1764100001000-create-aggregate-snapshots';
import { DropEventsStreamForeignKey1764100002000 } from './1764100002000-drop-events-stream-foreign-key';
import { BeginAppendFunction1764100003000 } from './1764100003000-begin-append-function';
import { CreateIdempotencyKeys1764300000000 } from './1764300000000-create-idempotency-keys';
import { IndexPositionReports1795663169092 } from './1795663169092-index-position-reports';
import { OutboxRowsReferenceEvents1795663200000 } from './1795663200000-outbox-rows-reference-events';
import { NotifyReadModelChangesPerStatement1795663200001 } from './1795663200001-notify-read-model-changes-per-statement';
import { ReadModelFillFactor1795664200000 } from './1795664200000-read-model-fill-factor';
import { IndexOrderFillReports1795670000000 } from './1795670000000-index-order-fill-reports';
import { AppendInOneStatement1795680000000 } from './1795680000000-append-in-one-statement';
import { ParkedFillsGuard1795680001000 } from './1795680001000-parked-fills-guard';
import { IndexOpenOrders1795690000000 } from './1795690000000-index-open-orders';
import { MoveConsumerOffsetFunction1795700000000 } from './1795700000000-move-consumer-offset-function';
import { IdempotencyAnswerAsText1795700001000 } from './1795700001000-idempotency-answer-as-text';
import { OutboxReadsTheLog1795700002000 } from './1795700002000-outbox-reads-the-log';
import { SpotHoldingsSummary1795710000000 } from './1795710000000-spot-holdings-summary';
import { PendingOrderStates1795720000000 } from './1795720000000-pending-order-states';
import { ResolvedCancelActor1795730000000 } from './1795730000000-resolved-cancel-actor';
import { UncertainSubmissionLookups1795740000000 } from './1795740000000-uncertain-submission-lookups';
import { StopOrderPriceType1795750000000 } from './1795750000000-stop-order-price-type';
import { IdempotencyAttemptSeed1795760000000 } from './1795760000000-idempotency-attempt-seed';
import { FillsAccountPage1795770000000 } from './1795770000000-fills-account-page';
import { PositionStatesWithoutDays1795780000000 } from './1795780000000-position-states-without-days';
import { PositionFills1795790000000 } from './1795790000000-position-fills';
import { PositionPnlCheckpoints1795800000000 } from './1795800000000-position-pnl-checkpoints';
import { SpotPnlCheckpoints1795810000000 } from './1795810000000-spot-pnl-checkpoints';
import { PnlCheckpointWatches1795820000000 } from './1795820000000-pnl-checkpoint-watches';
import { TransferSlots1795830000000 } from './1795830000000-transfer-slots';
import { FuturesLeverageSettings1795840000000 } from './1795840000000-futures-leverage-settings';
import { FuturesBalancePolledWallet1795850000000 } from './1795850000000-futures-balance-polled-wallet';
import { MarkHistory1795860000000 } from './1795860000000-mark-history';
import { ReadModelLatestTimes1795870000000 } from './1795870000000-read-model-latest-times';
import { FuturesOrderQuoteFromFills1795880000000 } from './1795880000000-futures-order-quote-from-fills';

/** Every migration, oldest first. New migrations are appended; landed ones never change. */
export const MIGRATIONS = [
  CreateEventStore1763800000000,
  CreateReadModels1763900000000,
  CreateOmsFoldTables1764000000000,
  ChainEventLog1764100000000,
  CreateAggregateSnapshots1764100001000,
  DropEventsStreamForeignKey1764100002000,
  BeginAppendFunction1764100003000,
  CreateDeskTokens1764200000000,
  NotifyReadModelChanges1764200000001,
  CreateIdempotencyKeys1764300000000,
  IndexPositionReports1795663169092,
  OutboxRowsReferenceEvents1795663200000,
  NotifyReadModelChangesPerStatement1795663200001,
  ReadModelFillFactor1795664200000,
  IndexOrderFillReports1795670000000,
  AppendInOneStatement1795680000000,
  ParkedFillsGuard1795680001000,
  IndexOpenOrders1795690000000,
  MoveConsumerOffsetFunction1795700000000,
  IdempotencyAnswerAsText1795700001000,
  OutboxReadsTheLog1795700002000,
  SpotHoldingsSummary1795710000000,
  PendingOrderStates1795720000000,
  ResolvedCancelActor1795730000000,
  UncertainSubmissionLookups1795740000000,
  StopOrderPriceType1795750000000,
  IdempotencyAttemptSeed1795760000000,
  FillsAccountPage1795770000000,
  PositionStatesWithoutDays1795780000000,
  PositionFills1795790000000,
  PositionPnlCheckpoints1795800000000,
  SpotPnlCheckpoints1795810000000,
  PnlCheckpointWatches1795820000000,
  TransferSlots1795830000000,
  FuturesLeverageSettings1795840000000,
  FuturesBalancePolledWallet1795850000000,
  MarkHistory1795860000000,
  ReadModelLatestTimes1795870000000,
  FuturesOrderQuoteFromFills1795880000000,
];
