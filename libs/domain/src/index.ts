// Public surface of the pure domain model. Everything the OMS, ingest and the
// projections need is exported from here; nothing in this lib does I/O.
export * from './shared/canonical-json';
export * from './shared/client-order-id';
export * from './shared/decider';
export * from './shared/decimal';
export * from './shared/domain-error';
export * from './shared/domain-event';
export * from './shared/field-reader';
export * from './shared/state-hash';
export * from './shared/stream-ids';

export * from './observations/observation-source';
export * from './observations/spot-order-observed';
export * from './observations/spot-fill-observed';
export * from './observations/futures-order-observed';
export * from './observations/futures-fill-observed';
export * from './observations/futures-stop-order-observed';
export * from './observations/futures-position-observed';
export * from './observations/balance-observed';

export * from './orders/order-status';
export * from './orders/self-trade-prevention';
export * from './orders/order-fills';
export * from './orders/reconciliation-break';
export * from './orders/order-lifecycle.events';
export * from './orders/order-lifecycle.commands';
export * from './orders/order-core.state';
export * from './orders/order-fill-totals';
export { compareByTimeThenId } from './shared/sorted-by-time';

export * from './spot-order/spot-order-request';
export * from './spot-order/spot-order.types';
export * from './spot-order/spot-order.decider';

export * from './futures-order/contract-quantity';
export * from './futures-order/futures-order-request';
export * from './futures-order/futures-order.types';
export * from './futures-order/futures-order.decider';
export * from './futures-order/ticketless-fill-match';

export * from './futures-stop-order/futures-stop-order-request';
export * from './futures-stop-order/stop-order-status';
export * from './futures-stop-order/futures-stop-order.types';
export * from './futures-stop-order/futures-stop-order.decider';

export * from './pnl/lot-ledger';
export * from './pnl/fee-valuation';
export * from './pnl/spot-pnl';
export * from './pnl/spot-pnl-folding';
export * from './pnl/ledger-checkpoint';

export * from './position/futures-position.types';
export * from './position/futures-position.decider';
export * from './position/futures-position.evolve';
export * from './position/position-reconciliation';
export * from './position/position-ledger';
export * from './position/position-totals';
export * from './position/position-history';
export * from './position/position-history-pnl';

export * from './balance/balance.decider';
export * from './venue-stream/venue-stream.decider';
export * from './venue-stream/venue-stream-observed';
export * from './observations/observation-identity';
export * from './upcasting/domain-event-union';
export * from './upcasting/upcaster';
export * from './orders/order-view';
export * from './position/position-fill-input';
export * from './observations/observation-routing';
export * from './pnl/utc-day';
export * from './observations/mark-price-observed';
export * from './observations/funding-payment-observed';
