-- The language of the user whose interaction is "thinking..." (issue 28): a process that
-- restarts and finds the command never played tells them, in their language, to send it
-- again. NULL on rows written before this migration: those are answered in English.
-- Written by bot/store/sql.py (settle_thinking), read by bot/discord/delivery.py.

ALTER TABLE thinking ADD COLUMN locale TEXT;
