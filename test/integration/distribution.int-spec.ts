import { readFileSync } from 'node:fs';
import pg from 'pg';
import { applyMigrations } from '../../src/infra/migrations.js';
import { DISTRIBUTED_TABLES, LOCAL_TABLES, REFERENCE_TABLES, citusStatements } from '../../src/infra/distribution.js';
import { testDatabaseUrl } from '../helpers/arbiter.js';

interface Key {
  table: string;
  name: string;
  columns: string[];
}

interface ForeignKey extends Key {
  target: string;
  targetColumns: string[];
  onUpdate: string;
  onDelete: string;
}

/**
 * The live schema against what Citus needs to distribute it by campaign (docs/SCALING.md): every
 * table is listed as distributed, reference or local; a distributed table's primary and unique
 * keys hold its campaign column; a foreign key between distributed tables matches campaign to
 * campaign and neither nulls nor cascades it; a reference table points at no campaign table.
 */
describe('distribution by campaign', () => {
  let client: pg.Client;
  let tables: string[];
  let columns: Map<string, { type: string; nullable: boolean }>;
  let uniqueKeys: Array<Key & { primary: boolean }>;
  let foreignKeys: ForeignKey[];

  beforeAll(async () => {
    client = new pg.Client({ connectionString: testDatabaseUrl() });
    await client.connect();
    await applyMigrations(client);
    tables = (
      await client.query<{ table_name: string }>(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`)
    ).rows.map((row) => row.table_name);
    columns = new Map(
      (
        await client.query<{ table_name: string; column_name: string; udt_name: string; is_nullable: string }>(
          `SELECT table_name, column_name, udt_name, is_nullable FROM information_schema.columns WHERE table_schema = 'public'`,
        )
      ).rows.map((row) => [`${row.table_name}.${row.column_name}`, { type: row.udt_name, nullable: row.is_nullable === 'YES' }]),
    );
    uniqueKeys = (
      await client.query<Key & { primary: boolean }>(
        `SELECT t.relname AS table, ic.relname AS name, i.indisprimary AS primary,
                array(SELECT a.attname::text FROM unnest(i.indkey) WITH ORDINALITY AS k(attnum, n)
                        JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum ORDER BY k.n) AS columns
           FROM pg_index i
           JOIN pg_class t ON t.oid = i.indrelid
           JOIN pg_class ic ON ic.oid = i.indexrelid
           JOIN pg_namespace n ON n.oid = t.relnamespace AND n.nspname = 'public'
          WHERE i.indisunique`,
      )
    ).rows;
    foreignKeys = (
      await client.query<ForeignKey>(
        `SELECT c.conrelid::regclass::text AS table, c.conname AS name, c.confrelid::regclass::text AS target,
                array(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY AS k(attnum, n)
                        JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum ORDER BY k.n) AS columns,
                array(SELECT a.attname::text FROM unnest(c.confkey) WITH ORDINALITY AS k(attnum, n)
                        JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.attnum ORDER BY k.n) AS "targetColumns",
                c.confupdtype AS "onUpdate", c.confdeltype AS "onDelete"
           FROM pg_constraint c
           JOIN pg_namespace n ON n.oid = c.connamespace AND n.nspname = 'public'
          WHERE c.contype = 'f'`,
      )
    ).rows;
  });
  afterAll(async () => {
    await client.end();
  });

  it('lists every table exactly once: distributed by campaign, reference, or local', () => {
    const listed = [...Object.keys(DISTRIBUTED_TABLES), ...REFERENCE_TABLES, ...LOCAL_TABLES];
    expect(new Set(listed).size).toBe(listed.length);
    expect([...tables].sort()).toEqual([...listed].sort());
  });

  it("gives every distributed table a required uuid campaign column", () => {
    const wrong = Object.entries(DISTRIBUTED_TABLES)
      .filter(([table, column]) => {
        const found = columns.get(`${table}.${column}`);
        return !found || found.type !== 'uuid' || found.nullable;
      })
      .map(([table, column]) => `${table}.${column}`);
    expect(wrong).toEqual([]);
  });

  it("holds the campaign column in every distributed table's primary key and unique keys", () => {
    const distributed = new Map(Object.entries(DISTRIBUTED_TABLES));
    for (const table of distributed.keys()) expect(uniqueKeys.some((key) => key.table === table && key.primary)).toBe(true);
    const without = uniqueKeys.filter((key) => distributed.has(key.table) && !key.columns.includes(distributed.get(key.table)!)).map((key) => `${key.name} (${key.columns.join(', ')})`);
    expect(without).toEqual([]);
  });

  it('matches campaign to campaign in every foreign key between distributed tables, and never nulls nor cascades it', () => {
    const distributed = new Map(Object.entries(DISTRIBUTED_TABLES));
    const between = foreignKeys.filter((key) => distributed.has(key.table) && distributed.has(key.target));
    expect(between.length).toBeGreaterThan(0);
    const wrong = between
      .filter((key) => {
        const at = key.columns.indexOf(distributed.get(key.table)!);
        return at < 0 || key.targetColumns[at] !== distributed.get(key.target);
      })
      .map((key) => `${key.name}: ${key.table}(${key.columns.join(', ')}) -> ${key.target}(${key.targetColumns.join(', ')})`);
    expect(wrong).toEqual([]);
    // Citus refuses SET NULL / SET DEFAULT on delete and anything but NO ACTION / RESTRICT on
    // update once the distribution column is in the key (a: no action, r: restrict, c: cascade).
    const actions = between.filter((key) => !['a', 'r'].includes(key.onUpdate) || !['a', 'r', 'c'].includes(key.onDelete)).map((key) => key.name);
    expect(actions).toEqual([]);
  });

  it('lets no reference or local table point at a campaign table', () => {
    const wrong = foreignKeys.filter((key) => !(key.table in DISTRIBUTED_TABLES) && key.target in DISTRIBUTED_TABLES).map((key) => key.name);
    expect(wrong).toEqual([]);
  });

  it('co-locates every distributed table with campaigns in the statements the operator runs, which docs/SCALING.md gives', () => {
    const statements = citusStatements();
    const doc = readFileSync('docs/SCALING.md', 'utf8');
    for (const statement of statements) expect(doc).toContain(statement);
    for (const [table] of Object.entries(DISTRIBUTED_TABLES).slice(1)) expect(statements).toContain(`SELECT create_distributed_table('${table}', '${DISTRIBUTED_TABLES[table]}', colocate_with => 'campaigns');`);
    for (const table of REFERENCE_TABLES) expect(statements).toContain(`SELECT create_reference_table('${table}');`);
    for (const [table, column] of Object.entries(DISTRIBUTED_TABLES)) {
      expect(statements.some((statement) => statement.startsWith(`SELECT create_distributed_table('${table}', '${column}'`))).toBe(true);
    }
  });
});
