-- Reaction windows and standing orders (issue 5). `window_minutes` is a game's time limit on
-- a reaction window or small choice (NULL or 0: no limit); `games.window_at` is when the open
-- window passes by itself, which the tick queries. Standing orders are per player (role) per
-- game: key and value as the game's `orders` define them. Read and written by
-- bot/service/timers.py and bot/service/orders.py.

ALTER TABLE game_timers ADD COLUMN window_minutes REAL CHECK (window_minutes IS NULL OR window_minutes >= 0);

ALTER TABLE games ADD COLUMN window_at REAL;

CREATE INDEX games_running_windows ON games (window_at) WHERE status = 'running' AND window_at IS NOT NULL;

CREATE TABLE standing_orders (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    role    TEXT    NOT NULL,
    key     TEXT    NOT NULL,
    value   TEXT    NOT NULL,
    PRIMARY KEY (game_id, role, key)
);
