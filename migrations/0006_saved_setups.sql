-- Saved set-ups per user and game (issue 11, engine/plugins.py `Setups`): Mythic Battles'
-- armies today, any game's tomorrow. The game gives the meaning of `data` (JSON); the bot
-- reads and writes it in bot/plugins/setups_repo.py, always scoped to one owner, which is
-- what keeps saved set-ups private. The armies saved before move over unchanged.

CREATE TABLE saved_setups (
    user_id    TEXT NOT NULL,
    game       TEXT NOT NULL,
    name       TEXT NOT NULL COLLATE NOCASE CHECK (length(name) BETWEEN 1 AND 64),
    data       TEXT NOT NULL,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL,
    PRIMARY KEY (user_id, game, name)
);

INSERT INTO saved_setups (user_id, game, name, data, created_at, updated_at)
    SELECT user_id, 'mythic', name, json_object('faction', faction, 'units', units), created_at, updated_at
    FROM mythic_armies;

DROP TABLE mythic_armies;
