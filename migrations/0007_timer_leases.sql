-- Timer leases (issue 17): with several bot processes, the one that claims a game's due timer
-- (reminder, move clock, reaction window, AI seats to resume) holds it until `expires_at`;
-- nobody else runs that game's timers meanwhile, and when the holder dies its lease runs out
-- and another process takes the timer over. Claimed and released by bot/service/timers.py
-- through the store (bot/store/sql.py `claim_timer`).

CREATE TABLE timer_leases (
    game_id    INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    holder     TEXT    NOT NULL,                 -- the process: host, pid and a random tag
    expires_at REAL    NOT NULL
);
