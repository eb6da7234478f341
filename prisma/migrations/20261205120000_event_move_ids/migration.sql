-- The move that wrote each event: a move whose answer was lost with its connection reads
-- whether its events are there, and tells its client what became of it.

-- AlterTable
ALTER TABLE "game_events" ADD COLUMN "move_id" UUID;
