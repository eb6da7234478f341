-- Ready to distribute by campaign (docs/SCALING.md): every campaign table's primary key and
-- unique keys lead with campaign_id, every foreign key between campaign tables carries it (and
-- neither cascades nor nulls it, which Citus refuses), and the API keys, looked up before any
-- campaign is known, move to a global table of their own.

-- CreateTable
CREATE TABLE "api_keys" (
    "key_hash" TEXT NOT NULL,
    "campaign_id" UUID NOT NULL,
    "member_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("key_hash")
);

INSERT INTO "api_keys" ("key_hash", "campaign_id", "member_id", "created_at")
SELECT "api_key_hash", "campaign_id", "id", "created_at" FROM "members";

-- DropForeignKey
ALTER TABLE "characters" DROP CONSTRAINT "characters_member_id_fkey";
ALTER TABLE "characters" DROP CONSTRAINT "characters_campaign_id_fkey";
ALTER TABLE "decks" DROP CONSTRAINT "decks_campaign_id_fkey";
ALTER TABLE "encounters" DROP CONSTRAINT "encounters_campaign_id_fkey";
ALTER TABLE "game_events" DROP CONSTRAINT "game_events_campaign_id_fkey";
ALTER TABLE "members" DROP CONSTRAINT "members_campaign_id_fkey";
ALTER TABLE "revealed_seeds" DROP CONSTRAINT "revealed_seeds_campaign_id_fkey";

-- DropIndex (each is the leading column of the new primary key)
DROP INDEX "members_api_key_hash_key";
DROP INDEX "members_campaign_id_idx";
DROP INDEX "characters_campaign_id_idx";
DROP INDEX "decks_campaign_id_idx";

-- AlterTable
ALTER TABLE "members" DROP COLUMN "api_key_hash",
DROP CONSTRAINT "members_pkey",
ADD CONSTRAINT "members_pkey" PRIMARY KEY ("campaign_id", "id");

ALTER TABLE "characters" DROP CONSTRAINT "characters_pkey",
ADD CONSTRAINT "characters_pkey" PRIMARY KEY ("campaign_id", "id");

ALTER TABLE "decks" DROP CONSTRAINT "decks_pkey",
ADD CONSTRAINT "decks_pkey" PRIMARY KEY ("campaign_id", "id");

ALTER TABLE "encounters" DROP CONSTRAINT "encounters_pkey",
ADD CONSTRAINT "encounters_pkey" PRIMARY KEY ("campaign_id", "id");

-- Idempotency records belong to the campaign of the member who sent them; the ADMIN's to the nil
-- UUID, a campaign that never exists.
ALTER TABLE "idempotency_records" ADD COLUMN "campaign_id" UUID;
UPDATE "idempotency_records" r
   SET "campaign_id" = COALESCE((SELECT m."campaign_id" FROM "members" m WHERE m."id"::text = r."principal"),
                                '00000000-0000-0000-0000-000000000000');
ALTER TABLE "idempotency_records" ALTER COLUMN "campaign_id" SET NOT NULL,
DROP CONSTRAINT "idempotency_records_pkey",
ADD CONSTRAINT "idempotency_records_pkey" PRIMARY KEY ("campaign_id", "principal", "key");

-- AddForeignKey
ALTER TABLE "revealed_seeds" ADD CONSTRAINT "revealed_seeds_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;
ALTER TABLE "members" ADD CONSTRAINT "members_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;
ALTER TABLE "characters" ADD CONSTRAINT "characters_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;
ALTER TABLE "characters" ADD CONSTRAINT "characters_campaign_id_member_id_fkey" FOREIGN KEY ("campaign_id", "member_id") REFERENCES "members"("campaign_id", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;
ALTER TABLE "decks" ADD CONSTRAINT "decks_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;
ALTER TABLE "encounters" ADD CONSTRAINT "encounters_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;
ALTER TABLE "game_events" ADD CONSTRAINT "game_events_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;
