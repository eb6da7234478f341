-- AlterTable
ALTER TABLE "campaigns" ADD COLUMN "ruleset_state" JSONB NOT NULL DEFAULT '{}';

-- CreateTable
CREATE TABLE "encounters" (
    "id" UUID NOT NULL,
    "campaign_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "state" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "encounters_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "encounters_campaign_id_status_idx" ON "encounters"("campaign_id", "status");

-- AddForeignKey
ALTER TABLE "encounters" ADD CONSTRAINT "encounters_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
