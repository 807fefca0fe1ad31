"""No raw catalog key ever reaches a user (issue 25): whole games of each of the four games,
played through the table service by a player who picks the heuristic's move, with every
message (public, private, buttons), every `/game hand`, `/game status` and `/game log`, and
every option of `/play`'s list with its words and effect rendered in English AND French. A
key no catalog has, a parameter a template lacks, a dotted key left in a text or an unfilled
`{placeholder}` fails the test, naming where it was seen.

Also: every glossary entry of every game in both languages (non-empty, no raw key, no English
left in French)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from bot_helpers import FakeClock, make_service

from bot.plugins import PluginService, plugin_commands
from bot.service import Actor, Reply, Where
from bot.service.api import UserError, explained
from bot.store import open_store
from engine import get_game
from engine.errors import IllegalCommand
from engine.i18n import LOCALES, Text, forget_missing, missing_texts, render

GAMES = {  # game -> (options, most moves the player makes: whole games end well before)
    "athena": ({}, 400),
    "mythic": ({}, 600),
    "battlelore": ({"max_turns": 6}, 600),
    "hoplomachus": ({"difficulty": "chosen"}, 3000),
}
KEY = re.compile(r"(?<![\w/@:.`-])[a-z][a-z0-9_]*(?:\.[a-z0-9_]+){2,}(?![\w`])")
PLACEHOLDER = re.compile(r"\{[a-z_][a-z0-9_]*\}")
# mistyped moves of every game's words: an unknown card, unit, power, hex or verb
BAD_MOVES = (
    "zz",
    "play zz",
    "act zz",
    "use zz",
    "lore zz",
    "tac zz c4",
    "prowess zz",
    "purge zz",
    "dep zz c7",
    "zz@3",
    "CM@99",
    "activate zz",
    "discard zz",
    "mv zz-zz",
    "atk zzxzz",
    "pp zz",
)
ALICE = Actor("u-alice", "alice", locale="en")
WHERE = Where("guild-keys", "chan-keys")


class Seen:
    """Every rendered text, checked as it is rendered; `problems` names what went wrong."""

    def __init__(self) -> None:
        self.problems: list[str] = []
        self.count = 0

    def text(self, text: Text | str, where: str) -> None:
        for locale in LOCALES:
            shown = render(text, locale)
            self.count += 1
            for pattern, what in ((KEY, "raw key"), (PLACEHOLDER, "placeholder")):
                found = pattern.search(shown)
                if found and len(self.problems) < 20:
                    self.problems.append(f"{where} ({locale}): {what} {found.group(0)!r} in {shown!r}")

    def reply(self, reply: Reply, where: str) -> None:
        for message in reply.messages:
            for line in message.lines:
                self.text(line, where)
            for button in message.buttons:
                self.text(button.label, f"{where} button")


async def _table(service: Any) -> Any:
    return await service._channel_table(WHERE, last=True)


async def play_whole_game(tmp_path, game_id: str) -> tuple[Seen, Any]:
    options, most = GAMES[game_id]
    game = get_game(game_id)
    store = await open_store(tmp_path / f"{game_id}.db")
    service = make_service(store, FakeClock(), games={game_id: game})
    seen = Seen()
    forget_missing()
    try:
        seen.reply(await service.new_game(WHERE, ALICE, game_id, {**options, "seed": 3}), "new")
        while (await _table(service)).free_roles():
            seen.reply(await service.add_bot(WHERE, ALICE, "heuristic"), "addbot")
        seen.reply(await service.start_game(WHERE, ALICE), "start")
        chooser = game.players["heuristic"](11)
        for step in range(most):
            table = await _table(service)
            if table.record.status != "running":
                break
            role = table.seat_of(ALICE.user_id).role
            assert role in table.active(), f"{game_id}: alice is not asked to play at step {step}"
            if step % 5 == 0:  # what a player reads besides the moves' replies
                for locale in LOCALES:
                    asker = Actor(ALICE.user_id, ALICE.name, locale=locale)
                    seen.reply(await service.hand(WHERE, asker), f"hand #{step}")
                    seen.reply(await service.status(WHERE, asker), f"status #{step}")
                    for move, words in await service.legal_choices(WHERE, asker):
                        seen.text(words, f"/play list #{step}: {move}")
            if step % 7 == 0:  # refusals speak too: what a mistyped move is told
                for typed in BAD_MOVES:
                    try:
                        await service.play(WHERE, ALICE, typed)
                    except (UserError, IllegalCommand) as exc:
                        seen.text(explained(exc), f"refusal of {typed!r} #{step}")
            if step % 11 == 0:  # the game's own commands, typed wrong, and their suggestions
                await _shortcuts(PluginService(service), plugin_commands([game]), seen, step)
                table = await _table(service)  # a shortcut may have played a move
                if table.record.status != "running" or role not in table.active():
                    continue
            command = chooser.choose(table.state, role)
            seen.reply(await service.play(WHERE, ALICE, game.notation.format(command)), f"move #{step}")
        table = await _table(service)
        seen.reply(await service.log(WHERE, ALICE, last=100), "log")
        seen.reply(await service.status(WHERE, ALICE), "status at the end")
        return seen, table
    finally:
        await store.close()


async def _shortcuts(plugins: PluginService, commands: list, seen: Seen, step: int) -> None:
    """Each declared command that plays or answers in words, with every option mistyped (an
    image is left out: drawing costs), and every option's suggestions, in both languages."""
    for command in commands:
        if command.kind == "setup" and command.name in ("save", "delete"):
            continue  # they write the user's saved set-ups
        if command.shortcut is not None and command.shortcut.image is not None:
            continue
        values = {
            p.name: (p.low or 1) if p.kind == "int" else "zz" for p in command.params if p.kind != "flag"
        }
        for locale in LOCALES:
            asker = Actor(ALICE.user_id, ALICE.name, locale=locale)
            try:
                seen.reply(await plugins.run(command, WHERE, asker, values), f"/{command.path} #{step}")
            except (UserError, IllegalCommand) as exc:
                seen.text(explained(exc), f"/{command.path} refused #{step}")
            for param in command.params:
                for label, _ in await plugins.complete(command, param.name, WHERE, asker, {}, ""):
                    seen.text(label, f"/{command.path} {param.name}: suggestions #{step}")


@pytest.mark.parametrize("game_id", sorted(GAMES))
async def test_a_whole_game_shows_no_raw_key_in_either_language(tmp_path, game_id):
    seen, table = await play_whole_game(tmp_path, game_id)
    assert table.record.status == "finished", f"{game_id} did not finish: {table.record.status}"
    assert seen.count > 500  # the game really spoke
    assert not seen.problems, "\n".join(seen.problems)
    assert not missing_texts(), f"{game_id}: rendered without a text: {sorted(missing_texts())[:10]}"


# --- the glossaries ---------------------------------------------------------------------------

ENGLISH = re.compile(r"\b(the|and|with|when|your|which|this|unit|turn|damage|attack)\b", re.IGNORECASE)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_glossary_entry_reads_in_both_languages(game_id):
    forget_missing()
    entries = get_game(game_id).glossary()
    assert len(entries) >= 30
    assert len({e.key for e in entries}) == len(entries)  # keys are what /game explain sends
    same_text = 0
    for entry in entries:
        assert len(entry.key) <= 100 and entry.text, entry.key
        shown = {loc: [render(t, loc) for t in (entry.name, *entry.text)] for loc in LOCALES}
        for loc, texts in shown.items():
            for text in texts:
                assert text.strip(), f"{entry.key} ({loc}): an empty text"
                assert not KEY.search(text), f"{entry.key} ({loc}): raw key in {text!r}"
                assert not PLACEHOLDER.search(text), f"{entry.key} ({loc}): placeholder in {text!r}"
        french_text = " ".join(shown["fr"][1:])
        english = ENGLISH.findall(french_text.replace("`", " "))
        assert not english, f"{entry.key}: English left in French: {english} in {french_text!r}"
        same_text += shown["fr"][1:] == shown["en"][1:]
    assert same_text == 0, f"{game_id}: {same_text} entries read the same in French and English"
    assert not missing_texts(), sorted(missing_texts())[:10]
