-- Live events are announced by the application once a transaction has committed (EventAnnouncer),
-- no longer by a trigger inside it: a transaction that notifies holds a cluster-wide lock from its
-- pre-commit until its commit record is flushed, so with the trigger every transaction that
-- appended events committed one at a time.

-- DropTrigger
DROP TRIGGER "game_events_notify" ON "game_events";

-- DropFunction
DROP FUNCTION "notify_game_events"();
