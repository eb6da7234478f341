-- Players' seeds (DESIGN.md): the next epoch's seed is committed to in advance, so that members
-- can add their client seeds to it before it is used; an epoch's client seeds are kept with its
-- seed when it is revealed.

-- AlterTable
ALTER TABLE "campaigns" ADD COLUMN "client_seeds" JSONB NOT NULL DEFAULT '[]',
ADD COLUMN "next_client_seeds" JSONB NOT NULL DEFAULT '[]',
ADD COLUMN "next_rng_commitment" TEXT,
ADD COLUMN "next_rng_seed" BYTEA;

-- AlterTable
ALTER TABLE "revealed_seeds" ADD COLUMN "client_seeds" JSONB NOT NULL DEFAULT '[]';
