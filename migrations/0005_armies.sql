-- Saved Mythic Battles armies, private to their owner (issue 5: "saved armies per user").
-- Stands alone (no reference to other tables), so it applies whatever came before it.
-- Read and written by bot/mythic/repo.py; units are unit ids separated by spaces.

CREATE TABLE mythic_armies (
    user_id    TEXT NOT NULL,
    name       TEXT NOT NULL COLLATE NOCASE CHECK (length(name) BETWEEN 1 AND 32),
    faction    TEXT NOT NULL,
    units      TEXT NOT NULL,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL,
    PRIMARY KEY (user_id, name)
);
