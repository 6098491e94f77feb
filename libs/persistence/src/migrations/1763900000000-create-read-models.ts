import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The desk read models (desk-api.md): projections of the event store, written in the
 * same transaction as the events they come from and rebuildable from the log at any
 * time. Decimals are `numeric` (plain-notation strings on the wire); times `timestamptz`.
 * Lists page newest first on (time, id), so each filter has an index ending in those.
 */
export class CreateReadModels1763900000000 implements MigrationInterface {
  name = 'CreateReadModels1763900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE rm_orders (
        id                   uuid PRIMARY KEY,
        stream_id            text NOT NULL UNIQUE,
        stream_version       integer NOT NULL,
        account              text NOT NULL,
        market               text NOT NULL CHECK (market IN ('spot', 'futures')),
        symbol               text NOT NULL,
        side                 text NOT NULL,
        type                 text NOT NULL,
        price_type           text,
        stop_price           numeric,
        leverage             numeric,
        time_in_force        text,
        price                numeric,
        orig_qty             numeric,
        amount               numeric,
        executed_qty         numeric NOT NULL DEFAULT 0,
        avg_price            numeric,
        cumulative_quote_qty numeric NOT NULL DEFAULT 0,
        client_order_id      text,
        order_id             text,
        status               text NOT NULL,
        origin               text NOT NULL CHECK (origin IN ('desk', 'external')),
        created_by           text,
        created_at           timestamptz NOT NULL,
        updated_at           timestamptz NOT NULL,
        uncertainty          jsonb,
        cancel               jsonb,
        state_hash           text NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX rm_orders_page ON rm_orders (created_at DESC, id DESC)`);
    await queryRunner.query(
      `CREATE INDEX rm_orders_account_page ON rm_orders (account, created_at DESC, id DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX rm_orders_symbol_page ON rm_orders (account, symbol, created_at DESC, id DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX rm_orders_status_page ON rm_orders (status, created_at DESC, id DESC)`,
    );
    await queryRunner.query(`CREATE INDEX rm_orders_client_order_id ON rm_orders (client_order_id)`);
    await queryRunner.query(`CREATE INDEX rm_orders_venue_order_id ON rm_orders (order_id)`);

    await queryRunner.query(`
      CREATE TABLE rm_fills (
        account       text NOT NULL,
        market        text NOT NULL CHECK (market IN ('spot', 'futures')),
        fill_id       text NOT NULL,
        oms_order_id  uuid,
        order_id      text NOT NULL,
        symbol        text NOT NULL,
        side          text NOT NULL,
        price         numeric NOT NULL,
        qty           numeric NOT NULL,
        quote_qty     numeric NOT NULL,
        fee           numeric,
        fee_asset     text,
        realized_pnl  numeric,
        is_maker      boolean,
        time          timestamptz NOT NULL,
        sources       text[] NOT NULL,
        PRIMARY KEY (account, market, fill_id)
      )`);
    await queryRunner.query(`CREATE INDEX rm_fills_page ON rm_fills (time DESC, fill_id DESC)`);
    await queryRunner.query(
      `CREATE INDEX rm_fills_account_page ON rm_fills (account, symbol, time DESC, fill_id DESC)`,
    );
    await queryRunner.query(`CREATE INDEX rm_fills_oms_order ON rm_fills (oms_order_id, time)`);
    await queryRunner.query(`CREATE INDEX rm_fills_venue_order ON rm_fills (account, order_id)`);

    await queryRunner.query(`
      CREATE TABLE rm_positions (
        account          text NOT NULL,
        symbol           text NOT NULL,
        side             text NOT NULL CHECK (side IN ('LONG', 'SHORT')),
        contracts        numeric NOT NULL,
        avg_price        numeric,
        realized_pnl     numeric NOT NULL DEFAULT 0,
        fees             numeric NOT NULL DEFAULT 0,
        funding          numeric NOT NULL DEFAULT 0,
        venue            jsonb,
        break_id         text,
        stream_version   integer NOT NULL,
        updated_at       timestamptz NOT NULL,
        PRIMARY KEY (account, symbol, side)
      )`);

    await queryRunner.query(`
      CREATE TABLE rm_balances (
        account     text NOT NULL,
        wallet      text NOT NULL CHECK (wallet IN ('spot', 'futures')),
        asset       text NOT NULL,
        free        numeric NOT NULL,
        locked      numeric NOT NULL,
        total       numeric NOT NULL,
        updated_at  timestamptz NOT NULL,
        PRIMARY KEY (account, wallet, asset)
      )`);

    await queryRunner.query(`
      CREATE TABLE rm_marks (
        symbol      text PRIMARY KEY,
        market      text NOT NULL CHECK (market IN ('spot', 'futures')),
        price       numeric NOT NULL,
        time        timestamptz NOT NULL
      )`);

    await queryRunner.query(`
      CREATE TABLE rm_breaks (
        id           text PRIMARY KEY,
        stream_id    text NOT NULL,
        kind         text NOT NULL,
        account      text NOT NULL,
        symbol       text,
        detected_at  timestamptz NOT NULL,
        oms          jsonb NOT NULL,
        venue        jsonb NOT NULL,
        status       text NOT NULL CHECK (status IN ('open', 'resolved')),
        resolved_by  text,
        resolved_at  timestamptz,
        note         text
      )`);
    await queryRunner.query(`CREATE INDEX rm_breaks_page ON rm_breaks (status, detected_at DESC, id DESC)`);

    await queryRunner.query(`
      CREATE TABLE rm_venue_streams (
        account          text PRIMARY KEY,
        connected        boolean NOT NULL,
        since            timestamptz NOT NULL,
        gaps             integer NOT NULL DEFAULT 0,
        last_gap_end     timestamptz,
        updated_at       timestamptz NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'rm_venue_streams',
      'rm_breaks',
      'rm_marks',
      'rm_balances',
      'rm_positions',
      'rm_fills',
      'rm_orders',
    ]) {
      await queryRunner.query(`DROP TABLE ${table}`);
    }
  }
}
