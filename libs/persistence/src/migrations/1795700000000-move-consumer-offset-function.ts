import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `oms_move_consumer_offset(group, topic, partition, expected, next)`: the fold's
 * compare-and-set of a partition's stored offset, as one statement that fails the
 * transaction with SQLSTATE OS411 when the stored offset is not `expected` (null: no row
 * yet), that is when another consumer took the partition and committed first. Nothing
 * reads its answer, so on a pipelined connection COMMIT can leave with it.
 */
export class MoveConsumerOffsetFunction1795700000000 implements MigrationInterface {
  name = 'MoveConsumerOffsetFunction1795700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION oms_move_consumer_offset(group_name text, topic_name text, partition_number integer,
                                               expected_offset bigint, next bigint)
      RETURNS void
      LANGUAGE plpgsql VOLATILE AS $$
      BEGIN
        IF expected_offset IS NULL THEN
          INSERT INTO consumer_offsets (consumer_group, topic, partition, next_offset)
          VALUES (group_name, topic_name, partition_number, next) ON CONFLICT DO NOTHING;
        ELSE
          UPDATE consumer_offsets SET next_offset = next, updated_at = now()
           WHERE consumer_group = group_name AND topic = topic_name AND partition = partition_number
             AND next_offset = expected_offset;
        END IF;
        IF NOT FOUND THEN
          RAISE EXCEPTION '%[%] is no longer at offset %: another consumer owns it',
            topic_name, partition_number, coalesce(expected_offset::text, '(none)') USING ERRCODE = 'OS411';
        END IF;
      END $$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION oms_move_consumer_offset(text, text, integer, bigint, bigint)`);
  }
}
