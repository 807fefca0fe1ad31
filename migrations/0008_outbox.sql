-- The outbox (issue 17): no move left unanswered after a crash. Each accepted action writes
-- its row here in the same transaction as the action, and the row is marked delivered once
-- the move's announcement is posted; a process that restarts (or outlives another) posts
-- what was never delivered. `thinking` lists the interactions answered "thinking..." and
-- not yet resolved: after a crash they are edited with the announcement, or told to retry.
-- Written by bot/store/sql.py, read by bot/discord/delivery.py.

CREATE TABLE outbox (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq          INTEGER NOT NULL,               -- the action whose announcement is owed
    guild        TEXT    NOT NULL,
    channel      TEXT    NOT NULL,
    token        TEXT,                           -- the interaction that made it, if any
    created_at   REAL    NOT NULL,
    delivered_at REAL,
    PRIMARY KEY (game_id, seq)
);
CREATE INDEX outbox_undelivered ON outbox (created_at) WHERE delivered_at IS NULL;

CREATE TABLE thinking (
    token          TEXT PRIMARY KEY,             -- the interaction's token (valid 15 minutes)
    application_id TEXT NOT NULL,
    guild          TEXT NOT NULL,
    channel        TEXT NOT NULL,
    public         INTEGER NOT NULL DEFAULT 1,   -- deferred publicly (the channel sees it)
    created_at     REAL NOT NULL
);
