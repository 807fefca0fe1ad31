-- Agora core schema (ARCHITECTURE §4): games, seats, action log, state snapshots, guild settings.
-- The schema_version table is created by the migration runner itself (bot/store/migrate.py).

CREATE TABLE games (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    guild       TEXT    NOT NULL,
    channel     TEXT    NOT NULL,
    game        TEXT    NOT NULL,                  -- engine id: "athena", "mythic", ...
    options     TEXT    NOT NULL DEFAULT '{}',     -- JSON of the game's Options model
    seed        INTEGER NOT NULL CHECK (seed >= 0),
    status      TEXT    NOT NULL DEFAULT 'lobby'
                CHECK (status IN ('lobby', 'running', 'finished', 'aborted')),
    rev         INTEGER NOT NULL DEFAULT 1,        -- bumped by every change: compare-and-swap, stale buttons
    seq         INTEGER NOT NULL DEFAULT 0,        -- number of actions in the log
    creator     TEXT    NOT NULL,
    created_at  REAL    NOT NULL,
    updated_at  REAL    NOT NULL,
    started_at  REAL,
    finished_at REAL,
    result      TEXT,                              -- JSON of engine.protocol.Result
    league_id   INTEGER,                           -- leagues (migration 0002) own this link
    deadline    REAL,                              -- move clock: the late side loses after it
    remind_at   REAL,                              -- next reminder to the players who must act
    pending     TEXT                               -- JSON of an open undo/abort request
);

-- One active game per channel or thread, enforced here so two processes cannot both create one.
CREATE UNIQUE INDEX games_one_active_per_channel ON games (guild, channel)
    WHERE status IN ('lobby', 'running');
CREATE INDEX games_by_channel ON games (guild, channel, id);
CREATE INDEX games_running_timers ON games (remind_at, deadline) WHERE status = 'running';

CREATE TABLE seats (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    role       TEXT    NOT NULL,
    user_id    TEXT,                               -- NULL for an AI seat
    ai_level   TEXT,                               -- key of GAME.players, NULL for a human
    name       TEXT    NOT NULL,
    locale     TEXT    NOT NULL DEFAULT 'en',
    dm_refused INTEGER NOT NULL DEFAULT 0,
    joined_at  REAL    NOT NULL,
    PRIMARY KEY (game_id, role),
    CHECK ((user_id IS NULL) <> (ai_level IS NULL))
);
CREATE UNIQUE INDEX seats_one_per_user ON seats (game_id, user_id) WHERE user_id IS NOT NULL;
CREATE INDEX seats_by_user ON seats (user_id) WHERE user_id IS NOT NULL;

CREATE TABLE actions (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL CHECK (seq >= 1),
    role       TEXT    NOT NULL,
    user_id    TEXT,                               -- NULL when an AI seat acted
    notation   TEXT    NOT NULL,
    command    TEXT    NOT NULL,                   -- JSON of the engine command
    events     TEXT    NOT NULL DEFAULT '[]',      -- JSON list of the PUBLIC event texts only
    reveals    INTEGER NOT NULL DEFAULT 0,
    created_at REAL    NOT NULL,
    PRIMARY KEY (game_id, seq)
);

-- The current state is always here (at games.seq); older ones every few actions, so undo and
-- replay start from the nearest snapshot and re-apply the log.
CREATE TABLE snapshots (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL CHECK (seq >= 0),
    state   TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE guild_settings (
    guild          TEXT PRIMARY KEY,
    locale         TEXT NOT NULL DEFAULT 'en',
    reminder_hours REAL NOT NULL DEFAULT 24 CHECK (reminder_hours >= 0),
    clock_days     REAL CHECK (clock_days IS NULL OR clock_days > 0),
    updated_at     REAL NOT NULL
);
