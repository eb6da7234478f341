/**
 * How the schema distributes over several Postgres nodes (docs/SCALING.md, Citus): every
 * campaign table by its campaign, the few global tables copied to every node. The schema test
 * (test/integration/distribution.int-spec.ts) holds the live schema to this list, and the
 * docs' create_distributed_table / create_reference_table statements come from it.
 */

/** Campaign tables and the column that names their campaign: Citus's distribution column. */
export const DISTRIBUTED_TABLES: Readonly<Record<string, string>> = {
  // A campaign's own id is its campaign.
  campaigns: 'id',
  members: 'campaign_id',
  characters: 'campaign_id',
  decks: 'campaign_id',
  encounters: 'campaign_id',
  game_events: 'campaign_id',
  revealed_seeds: 'campaign_id',
  idempotency_records: 'campaign_id',
};

/**
 * Global tables, read before any campaign is known: copied whole to every node (Citus reference
 * tables). The ADMIN key is not stored at all (ARBITER_ADMIN_KEY).
 */
export const REFERENCE_TABLES: readonly string[] = ['api_keys'];

/** Tables that are neither: Prisma's record of applied migrations, kept on the coordinator only. */
export const LOCAL_TABLES: readonly string[] = ['_prisma_migrations'];

/**
 * The campaign of what the ADMIN does outside any campaign (its Idempotency-Key records): the
 * nil UUID, which no campaign ever has.
 */
export const ADMIN_CAMPAIGN_ID = '00000000-0000-0000-0000-000000000000';

/** The statements that distribute the schema on a Citus coordinator, in an order Citus accepts. */
export function citusStatements(): string[] {
  const [first, ...rest] = Object.entries(DISTRIBUTED_TABLES);
  return [
    ...REFERENCE_TABLES.map((table) => `SELECT create_reference_table('${table}');`),
    `SELECT create_distributed_table('${first[0]}', '${first[1]}');`,
    ...rest.map(([table, column]) => `SELECT create_distributed_table('${table}', '${column}', colocate_with => '${first[0]}');`),
  ];
}
