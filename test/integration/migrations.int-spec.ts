import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import pg from 'pg';
import { applyMigrations, readMigrations } from '../../src/infra/migrations.js';
import { testDatabaseUrl } from '../helpers/arbiter.js';

const require = createRequire(import.meta.url);
// Prisma's own schema parser (WebAssembly, works offline): the model as Prisma understands it.
const { get_dmmf } = require('@prisma/prisma-schema-wasm') as { get_dmmf(params: string): string };

interface DmmfField {
  name: string;
  dbName?: string | null;
  kind: string;
  type: string;
  isList: boolean;
  isRequired: boolean;
  nativeType: [string, string[]] | null;
  relationFromFields?: string[];
  relationToFields?: string[];
  relationOnDelete?: string;
  relationOnUpdate?: string;
}
interface DmmfModel {
  name: string;
  dbName: string | null;
  fields: DmmfField[];
}
interface DmmfIndex {
  model: string;
  type: 'id' | 'unique' | 'normal' | 'fulltext';
  fields: Array<{ name: string }>;
}

const dmmf = JSON.parse(get_dmmf(JSON.stringify({ prismaSchema: readFileSync('prisma/schema.prisma', 'utf8') }))) as {
  datamodel: { models: DmmfModel[]; indexes: DmmfIndex[] };
};

/** The Postgres type Prisma's migrations would create for a field (udt_name in information_schema). */
function expectedUdt(field: DmmfField): string {
  const native = field.nativeType?.[0];
  const base =
    native === 'Uuid'
      ? 'uuid'
      : native === 'Timestamptz'
        ? 'timestamptz'
        : ({ String: 'text', Int: 'int4', BigInt: 'int8', Float: 'float8', Boolean: 'bool', Json: 'jsonb', Bytes: 'bytea', DateTime: 'timestamp' } as Record<string, string>)[field.type];
  return field.isList ? `_${base}` : base;
}

const columnOf = (model: DmmfModel, fieldName: string) => {
  const field = model.fields.find((candidate) => candidate.name === fieldName)!;
  return field.dbName ?? field.name;
};

describe('migrations', () => {
  let client: pg.Client;

  beforeAll(async () => {
    client = new pg.Client({ connectionString: testDatabaseUrl() });
    await client.connect();
    await applyMigrations(client);
  });
  afterAll(async () => {
    await client.end();
  });

  it("records each applied migration as Prisma does, with the file's SHA-256, and applies nothing twice", async () => {
    const { rows } = await client.query('SELECT migration_name, checksum, finished_at, applied_steps_count FROM _prisma_migrations ORDER BY migration_name');
    expect(rows.map((row) => [row.migration_name, row.checksum])).toEqual(readMigrations().map((migration) => [migration.name, migration.checksum]));
    expect(rows.every((row) => row.finished_at !== null && row.applied_steps_count === 1)).toBe(true);
    expect(await applyMigrations(client)).toEqual([]);
  });

  it('refuses to start when an applied migration was edited', async () => {
    const edited = readMigrations().map((migration, index) => (index === 0 ? { ...migration, checksum: '0'.repeat(64) } : migration));
    await expect(applyMigrations(client, edited)).rejects.toThrow(/was changed after it was applied/);
  });

  it('builds exactly the tables and columns of schema.prisma', async () => {
    const { rows } = await client.query<{ table_name: string; column_name: string; udt_name: string; is_nullable: string }>(
      `SELECT table_name, column_name, udt_name, is_nullable FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name <> '_prisma_migrations' ORDER BY table_name, column_name`,
    );
    const actual = rows.map((row) => `${row.table_name}.${row.column_name} ${row.udt_name}${row.is_nullable === 'YES' ? '?' : ''}`);
    const expected = dmmf.datamodel.models
      .flatMap((model) =>
        model.fields
          .filter((field) => field.kind === 'scalar')
          // Prisma creates scalar lists as nullable columns.
          .map((field) => `${model.dbName ?? model.name}.${field.dbName ?? field.name} ${expectedUdt(field)}${field.isRequired && !field.isList ? '' : '?'}`),
      )
      .sort();
    expect(actual.sort()).toEqual(expected);
  });

  it('builds the keys, unique indexes, indexes and foreign keys of schema.prisma', async () => {
    const { rows: indexes } = await client.query<{ table: string; columns: string[]; primary: boolean; unique: boolean }>(
      `SELECT t.relname AS table, array_agg(a.attname::text ORDER BY k.ordinality) AS columns, i.indisprimary AS primary, i.indisunique AS unique
         FROM pg_index i
         JOIN pg_class t ON t.oid = i.indrelid
         JOIN pg_namespace n ON n.oid = t.relnamespace AND n.nspname = 'public'
         CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ordinality)
         JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
        WHERE t.relname <> '_prisma_migrations'
        GROUP BY t.relname, i.indexrelid, i.indisprimary, i.indisunique`,
    );
    const actual = indexes.map((index) => `${index.table}(${index.columns.join(',')}) ${index.primary ? 'id' : index.unique ? 'unique' : 'normal'}`).sort();
    const models = new Map(dmmf.datamodel.models.map((model) => [model.name, model]));
    const expected = dmmf.datamodel.indexes
      .map((index) => {
        const model = models.get(index.model)!;
        return `${model.dbName ?? model.name}(${index.fields.map((field) => columnOf(model, field.name)).join(',')}) ${index.type}`;
      })
      .sort();
    expect(actual).toEqual(expected);

    const { rows: foreignKeys } = await client.query<{ table: string; columns: string[]; target: string; targetColumns: string[]; onUpdate: string; onDelete: string }>(
      `SELECT c.conrelid::regclass::text AS table, c.confrelid::regclass::text AS target,
              array(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY AS k(attnum, n)
                      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum ORDER BY k.n) AS columns,
              array(SELECT a.attname::text FROM unnest(c.confkey) WITH ORDINALITY AS k(attnum, n)
                      JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.attnum ORDER BY k.n) AS "targetColumns",
              c.confupdtype AS "onUpdate", c.confdeltype AS "onDelete"
         FROM pg_constraint c WHERE c.contype = 'f'`,
    );
    // pg_constraint's action letters, in Prisma's words.
    const ACTIONS: Record<string, string> = { a: 'NoAction', r: 'Restrict', c: 'Cascade', n: 'SetNull', d: 'SetDefault' };
    const actualKeys = foreignKeys
      .map((key) => `${key.table}(${key.columns.join(',')}) -> ${key.target}(${key.targetColumns.join(',')}) on update ${ACTIONS[key.onUpdate]} on delete ${ACTIONS[key.onDelete]}`)
      .sort();
    const expectedKeys = dmmf.datamodel.models
      .flatMap((model) =>
        model.fields
          .filter((field) => field.relationFromFields && field.relationFromFields.length > 0)
          .map((field) => {
            const target = models.get(field.type)!;
            // Prisma's defaults when the schema names no action: Cascade on update; Restrict on delete, SetNull for an optional relation.
            const onUpdate = field.relationOnUpdate ?? 'Cascade';
            const onDelete = field.relationOnDelete ?? (field.isRequired ? 'Restrict' : 'SetNull');
            const from = field.relationFromFields!.map((name) => columnOf(model, name)).join(',');
            const to = field.relationToFields!.map((name) => columnOf(target, name)).join(',');
            return `${model.dbName ?? model.name}(${from}) -> ${target.dbName ?? target.name}(${to}) on update ${onUpdate} on delete ${onDelete}`;
          }),
      )
      .sort();
    expect(actualKeys).toEqual(expectedKeys);
  });
});
