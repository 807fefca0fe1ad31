-- Per-game reminder delay and move clock, chosen at /game new (issue 3). A game without a row
-- here, or with NULL in a column, follows the guild's settings; 0 turns the timer off for
-- that game only. Read and written by bot/service/timers.py.

CREATE TABLE game_timers (
    game_id        INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    clock_days     REAL CHECK (clock_days IS NULL OR clock_days >= 0),
    reminder_hours REAL CHECK (reminder_hours IS NULL OR reminder_hours >= 0)
);
