-- Live events: tell every process that LISTENs on "arbiter_events" which campaigns have new
-- events, as "<campaign id>:<highest new seq>". Postgres delivers a notification only when the
-- transaction that sent it commits (and never when it rolls back), so a listener never hears of
-- an uncommitted event. One notification per campaign per statement, whatever the event count.

-- CreateFunction
CREATE FUNCTION "notify_game_events"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('arbiter_events', "campaign_id"::text || ':' || max("seq")::text)
       FROM "inserted"
      GROUP BY "campaign_id";
    RETURN NULL;
END;
$$;

-- CreateTrigger
CREATE TRIGGER "game_events_notify"
    AFTER INSERT ON "game_events"
    REFERENCING NEW TABLE AS "inserted"
    FOR EACH STATEMENT
    EXECUTE FUNCTION "notify_game_events"();
