-- Leagues (issue 6): leagues, members, seasons, matches and their seats, rating steps,
-- current ratings and archived standings. Agora games are referenced only by a nullable
-- text game_id, never by a foreign key, so this file applies whatever 0001 contains.

CREATE TABLE leagues (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id     TEXT    NOT NULL,
    channel_id   TEXT    NOT NULL,               -- games started here are league games
    name         TEXT    NOT NULL,
    game         TEXT    NOT NULL,               -- engine id: "athena", "mythic", ...
    variant      TEXT    NOT NULL DEFAULT '',    -- '' = any; else must equal the game's options.variant
    rating_model TEXT    NOT NULL,               -- key of bot.leagues.ratings.MODELS
    created_by   TEXT    NOT NULL,               -- an organizer, with every Manage Server member
    created_at   REAL    NOT NULL
);
CREATE UNIQUE INDEX leagues_name ON leagues (guild_id, name COLLATE NOCASE);
CREATE INDEX leagues_by_channel ON leagues (guild_id, channel_id);

CREATE TABLE league_members (
    league_id INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    user_id   TEXT    NOT NULL,
    name      TEXT    NOT NULL,                  -- display name, refreshed when they act
    joined_at REAL    NOT NULL,
    left_at   REAL,                              -- NULL while a member; their games still count
    PRIMARY KEY (league_id, user_id)
);

CREATE TABLE league_seasons (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    league_id INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    number    INTEGER NOT NULL CHECK (number >= 1),
    starts_at REAL,                              -- games played before this do not count
    ends_at   REAL,                              -- games played from this instant on do not count
    opened_at REAL    NOT NULL,
    closed_at REAL,                              -- set by "season new": standings archived
    UNIQUE (league_id, number)
);
CREATE UNIQUE INDEX league_seasons_one_open ON league_seasons (league_id) WHERE closed_at IS NULL;

CREATE TABLE league_matches (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    league_id   INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    season_id   INTEGER NOT NULL REFERENCES league_seasons (id) ON DELETE CASCADE,
    source      TEXT    NOT NULL CHECK (source IN ('game', 'report')),
    status      TEXT    NOT NULL CHECK (status IN ('pending', 'disputed', 'accepted', 'void')),
    game_id     TEXT,                            -- the Agora game, for source = 'game'
    dedupe_key  TEXT,                            -- reports: same players, same day, same game number
    channel_id  TEXT    NOT NULL,                -- where the result was announced
    played_at   REAL    NOT NULL,                -- ratings replay in (played_at, id) order
    recorded_at REAL    NOT NULL,                -- the 48 h confirmation window starts here
    reported_by TEXT,
    decided_at  REAL,
    decided_by  TEXT,                            -- user id; NULL for the timeout and recorded games
    decision    TEXT,                            -- confirmed | disputed | timeout | accepted | changed | voided | game
    scenario    TEXT,
    details     TEXT    NOT NULL DEFAULT '{}'    -- JSON: result reason, length, options
);
CREATE UNIQUE INDEX league_matches_one_per_game ON league_matches (league_id, game_id)
    WHERE game_id IS NOT NULL;
CREATE UNIQUE INDEX league_matches_one_per_report ON league_matches (league_id, dedupe_key)
    WHERE dedupe_key IS NOT NULL AND status <> 'void';
CREATE INDEX league_matches_in_order ON league_matches (season_id, status, played_at, id);
CREATE INDEX league_matches_waiting ON league_matches (status, recorded_at)
    WHERE status = 'pending';

CREATE TABLE league_seats (
    match_id INTEGER NOT NULL REFERENCES league_matches (id) ON DELETE CASCADE,
    user_id  TEXT    NOT NULL,
    team     INTEGER NOT NULL CHECK (team >= 0),
    rank     INTEGER NOT NULL CHECK (rank >= 1),  -- 1 is best; equal ranks = draw
    score    REAL,
    faction  TEXT,
    first    INTEGER,                             -- 1 first player, 0 not, NULL unknown
    role     TEXT,                                -- the engine role, for recorded games
    PRIMARY KEY (match_id, user_id)
);
CREATE INDEX league_seats_by_user ON league_seats (user_id, match_id);

-- How each accepted match moved each rating; rebuilt from a match onward on void/correction.
CREATE TABLE league_steps (
    match_id     INTEGER NOT NULL REFERENCES league_matches (id) ON DELETE CASCADE,
    user_id      TEXT    NOT NULL,
    mu_before    REAL    NOT NULL,
    sigma_before REAL    NOT NULL,
    mu_after     REAL    NOT NULL,
    sigma_after  REAL    NOT NULL,
    PRIMARY KEY (match_id, user_id)
);

-- Each player's rating after their last accepted match of the season (the last step).
CREATE TABLE league_ratings (
    season_id INTEGER NOT NULL REFERENCES league_seasons (id) ON DELETE CASCADE,
    user_id   TEXT    NOT NULL,
    mu        REAL    NOT NULL,
    sigma     REAL    NOT NULL,
    PRIMARY KEY (season_id, user_id)
);

-- Final standings of a closed season, frozen as they were shown.
CREATE TABLE league_archive (
    season_id INTEGER NOT NULL REFERENCES league_seasons (id) ON DELETE CASCADE,
    rank      INTEGER NOT NULL,
    user_id   TEXT    NOT NULL,
    name      TEXT    NOT NULL,
    mu        REAL    NOT NULL,
    sigma     REAL    NOT NULL,
    games     INTEGER NOT NULL,
    wins      INTEGER NOT NULL,
    draws     INTEGER NOT NULL,
    losses    INTEGER NOT NULL,
    streak    TEXT,                               -- "W3", "L1", "D2"
    left      INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (season_id, user_id)
);
