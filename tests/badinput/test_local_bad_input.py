"""Bad input at the local table gets a clear refusal and changes nothing (issue 12 §5): a lobby
aborted before it started never blocks its channel, ids past SQLite's 64-bit integers are
refused, and unknown options on every /game subcommand are refused by name."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.console import GAME_COMMANDS, GAME_OPTIONS, run_local
from engine.i18n import t

HUGE = 2**63  # one past SQLite's largest integer
WRONG = "Something went wrong"


async def play(tmp_path: Path, lines: list[str], lang: str = "en", db: Path | None = None) -> tuple[int, str]:
    transcript = tmp_path / "transcript.txt"
    transcript.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out: list[str] = []
    code = await run_local(
        db=str(db) if db else None,
        out=tmp_path / "out",
        transcript=transcript,
        lang=lang,
        write=out.append,
        render_images=False,
    )
    return code, "\n".join(out)


def rows(db: Path) -> dict[str, list[tuple]]:
    with sqlite3.connect(db) as conn:
        names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {name: conn.execute(f"SELECT * FROM {name}").fetchall() for name in sorted(names)}


LOBBY = ["@alice /game new game:athena scenario:athenes", "@bob /game join"]


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_an_aborted_lobby_never_blocks_its_channel(tmp_path, lang):
    code, text = await play(
        tmp_path,
        [
            *LOBBY,  # the Join button is [1]
            "@alice /game abort",
            "@alice /game status",
            "! @alice /game board",
            "! @bob /game hand",
            "@alice /game log",
            "@alice /game export",
            "! @alice /game rematch",
            "! @bob /press 1",
            "@alice /game new game:athena scenario:athenes",
            "@bob /game join",
            "@alice /game start",
            "@alice /game board",
        ],
        lang,
    )
    assert code == 0, text
    never = t("bot.err.never_started", lang, id=1)
    assert text.count(never) == 4, text  # board, hand, rematch and the lobby's Join button
    assert t("bot.log.empty", lang) in text and WRONG not in text and "no current state" not in text
    assert t("bot.status.aborted", lang) in text


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_ids_past_64_bits_are_refused_cleanly_in_every_place_they_are_typed(tmp_path, lang):
    code, text = await play(
        tmp_path,
        [
            *LOBBY,
            f"! @alice /game export game:{HUGE}",
            f"! @alice /press ag:{HUGE}:1:join",
            f"! @alice /press ag:1:{HUGE}:join",
            f"@alice /game log last:{HUGE * 10**9}",  # a count: capped at the longest log
            f"! @you /game settings reminder_hours:{HUGE}",
        ],
        lang,
    )
    assert code == 0, text
    assert t("bot.err.no_such_game", lang, id=HUGE) in text
    assert text.count(t("bot.err.bad_button", lang)) == 2 and WRONG not in text


async def test_a_number_the_store_cannot_hold_is_a_clear_refusal_wherever_it_comes_from(tmp_path):
    """The safety net behind the checks above: an OverflowError from the store, whatever
    option carried the number, is a refusal in the reader's language, not an internal error."""
    from bot.service import Actor, TableService, UserError, Where
    from bot.store import open_store

    store = await open_store(tmp_path / "agora.db")
    try:
        service = TableService(store, render_images=False)

        async def overflow(*args, **kwargs):
            raise OverflowError("Python int too large to convert to SQLite INTEGER")

        store.channel_game = overflow
        with pytest.raises(UserError) as refused:
            await service.status(Where("g", "c"), Actor("u", "alice"))
        assert refused.value.text.key == "bot.err.number_too_large"
        assert "9223372036854775807" in t("bot.err.number_too_large", "fr")
    finally:
        await store.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_every_game_subcommand_but_new_refuses_an_unknown_option_by_name(tmp_path, lang):
    db = tmp_path / "agora.db"
    code, text = await play(tmp_path, [*LOBBY, "@alice /game start"], lang, db=db)
    assert code == 0, text
    before = rows(db)
    subs = sorted(GAME_COMMANDS - {"new"})
    code, text = await play(
        tmp_path,
        [f"! @alice /game {sub} bogus:1" for sub in subs] + ["! @alice /game status 12"],
        lang,
        db=db,
    )
    assert code == 0, text
    for sub in subs:
        known = ", ".join(GAME_OPTIONS.get(sub, ())) or "–"
        assert (
            t("bot.console.unknown_option", lang, command=f"/game {sub}", option="bogus", known=known) in text
        )
    assert t("bot.console.extra_words", lang, command="/game status", words="12") in text
    assert rows(db) == before  # refused, so nothing changed
