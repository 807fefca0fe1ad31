"""Mythic Battles at the table: saved armies and typed commands, declared for the bot
(engine/plugins.py) rather than written into it."""
