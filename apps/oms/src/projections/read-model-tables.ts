import { col, laterTimeCol, UpsertColumn } from './multi-row-upsert';

/** Column lists of the rm_* tables (libs/persistence 1763900000000-create-read-models). */
/** rm_orders columns; state_hash is read from the kept state written just before (`statesTable`). */
export const orderColumns = (statesTable: string): readonly UpsertColumn[] => [
  col('id', 'uuid'),
  col('stream_id', 'text'),
  col('stream_version', 'int'),
  col('account', 'text'),
  col('market', 'text'),
  col('symbol', 'text'),
  col('side', 'text'),
  col('type', 'text'),
  col('price_type', 'text'),
  col('stop_price', 'numeric'),
  col('leverage', 'numeric'),
  col('time_in_force', 'text'),
  col('price', 'numeric'),
  col('orig_qty', 'numeric'),
  col('amount', 'numeric'),
  col('executed_qty', 'numeric'),
  col('avg_price', 'numeric'),
  col('cumulative_quote_qty', 'numeric'),
  col('client_order_id', 'text'),
  col('order_id', 'text'),
  col('status', 'text'),
  col('origin', 'text'),
  col('created_by', 'text'),
  col('created_at', 'timestamptz'),
  laterTimeCol('updated_at'),
  col('uncertainty', 'jsonb'),
  col('cancel', 'jsonb'),
  col('state_hash', 'text', `(SELECT a.state_hash FROM ${statesTable} a WHERE a.stream_id = u.stream_id)`),
];

export const FILL_COLUMNS: readonly UpsertColumn[] = [
  col('account', 'text'),
  col('market', 'text'),
  col('fill_id', 'text'),
  col('oms_order_id', 'uuid'),
  col('order_id', 'text'),
  col('symbol', 'text'),
  col('side', 'text'),
  col('price', 'numeric'),
  col('qty', 'numeric'),
  col('quote_qty', 'numeric'),
  col('fee', 'numeric'),
  col('fee_asset', 'text'),
  col('realized_pnl', 'numeric'),
  col('is_maker', 'boolean'),
  col('time', 'timestamptz'),
  col('sources', 'jsonb', 'ARRAY(SELECT jsonb_array_elements_text(u.sources))'),
];

export const POSITION_COLUMNS: readonly UpsertColumn[] = [
  col('account', 'text'),
  col('symbol', 'text'),
  col('side', 'text'),
  col('contracts', 'numeric'),
  col('avg_price', 'numeric'),
  col('realized_pnl', 'numeric'),
  col('fees', 'numeric'),
  col('funding', 'numeric'),
  col('venue', 'jsonb'),
  col('break_id', 'text'),
  col('stream_version', 'int'),
  laterTimeCol('updated_at'),
];

/** A futures position's real fill as the position recorded it (libs/persistence 1795790000000-position-fills). */
export const POSITION_FILL_COLUMNS: readonly UpsertColumn[] = [
  col('account', 'text'),
  col('symbol', 'text'),
  col('side', 'text'),
  col('fill_id', 'text'),
  col('time_ms', 'bigint'),
  col('fill', 'jsonb'),
];

export const BALANCE_COLUMNS: readonly UpsertColumn[] = [
  col('account', 'text'),
  col('wallet', 'text'),
  col('asset', 'text'),
  col('free', 'numeric'),
  col('locked', 'numeric'),
  col('total', 'numeric'),
  col('updated_at', 'timestamptz'),
];

/** Every mark by symbol and time (libs/persistence 1795860000000-mark-history); not a replayed read model. */
export const MARK_HISTORY_TABLE = 'oms_mark_history';

export const MARK_COLUMNS: readonly UpsertColumn[] = [
  col('symbol', 'text'),
  col('market', 'text'),
  col('price', 'numeric'),
  col('time', 'timestamptz'),
];

export const BREAK_COLUMNS: readonly UpsertColumn[] = [
  col('id', 'text'),
  col('stream_id', 'text'),
  col('kind', 'text'),
  col('account', 'text'),
  col('symbol', 'text'),
  col('detected_at', 'timestamptz'),
  col('oms', 'jsonb'),
  col('venue', 'jsonb'),
  col('status', 'text'),
  col('resolved_by', 'text'),
  col('resolved_at', 'timestamptz'),
  col('note', 'text'),
];

export const VENUE_STREAM_COLUMNS: readonly UpsertColumn[] = [
  col('account', 'text'),
  col('connected', 'boolean'),
  col('since', 'timestamptz'),
  col('gaps', 'int'),
  col('last_gap_end', 'timestamptz'),
  col('updated_at', 'timestamptz'),
];

export const READ_MODEL_TABLES = [
  'rm_orders',
  'rm_fills',
  'rm_positions',
  'rm_position_fills',
  'rm_balances',
  'rm_marks',
  'rm_breaks',
  'rm_venue_streams',
] as const;
