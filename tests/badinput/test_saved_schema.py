"""A state saved by a newer version of Agora (an unknown future `schema_version`) is refused with
a clear message and left untouched, for every installed game (issue 12 §5). The check lives in
engine/schema.py; `GameState` applies it too, so a game that validates a dict directly is covered."""

from __future__ import annotations

import copy
import json
import sqlite3

import pytest

from bot.console import run_local
from engine import available_games
from engine.i18n import render, t
from engine.protocol import GameState
from engine.schema import UnknownSchema, load_saved, unknown_schema


def saved(game) -> dict:
    options = game.Options()
    state = game.setup(options, game.roles(options), 7)
    return json.loads(state.model_dump_json())


@pytest.mark.parametrize("game", available_games(), ids=lambda g: g.id)
def test_every_game_refuses_a_state_from_a_future_version_and_reads_its_own(game):
    data = saved(game)
    assert game.load_state(copy.deepcopy(data)).schema_version == data["schema_version"]
    for future in (99, data["schema_version"] + 1, "2", None, 0):
        newer = {**data, "schema_version": future}
        kept = copy.deepcopy(newer)
        with pytest.raises(ValueError) as refused:
            game.load_state(newer)
        found = unknown_schema(refused.value)
        assert found is not None and found.version == future, refused.value
        assert newer == kept  # the saved data is not touched
    message = render(found.text, "fr")
    assert "plus récente" in message and "0" in message


def test_the_state_model_itself_refuses_a_future_version():
    """The safety net: a game whose load_state skips load_saved still cannot read the future."""

    class Toy(GameState):
        SCHEMA_VERSION = 2
        schema_version: int = 2

    assert Toy.model_validate({"game": "toy", "roles": ["p1"], "schema_version": 1}).schema_version == 1
    with pytest.raises(ValueError) as refused:
        Toy.model_validate({"game": "toy", "roles": ["p1"], "schema_version": 3})
    found = unknown_schema(refused.value)
    assert isinstance(found, UnknownSchema) and (found.game, found.version, found.current) == ("toy", 3, 2)
    assert "newer version of Agora" in render(found.text, "en")


def test_older_versions_are_upgraded_step_by_step_without_touching_the_input():
    class Toy(GameState):
        SCHEMA_VERSION = 3
        schema_version: int = 3
        score: int = 0

    steps = {
        1: lambda d: {**d, "schema_version": 2, "score": 1},
        2: lambda d: {**d, "schema_version": 3, "score": d["score"] * 10},
    }
    old = {"game": "toy", "roles": ["p1"], "schema_version": 1}
    assert load_saved(Toy, old, steps).score == 10 and old["schema_version"] == 1
    assert load_saved(Toy, {"game": "toy", "roles": ["p1"]}, steps).score == 10  # absent means 1


async def test_the_table_refuses_a_future_mythic_state_by_name_and_leaves_it_untouched(tmp_path):
    db = tmp_path / "agora.db"

    async def play(lines: list[str], lang: str = "en") -> tuple[int, str]:
        transcript = tmp_path / "t.txt"
        transcript.write_text("\n".join(lines) + "\n", encoding="utf-8")
        out: list[str] = []
        code = await run_local(
            db=str(db),
            out=tmp_path / "out",
            transcript=transcript,
            lang=lang,
            write=out.append,
            render_images=False,
        )
        return code, "\n".join(out)

    code, text = await play(["@alice /game new game:mythic", "@bob /game join", "@alice /game start"])
    assert code == 0, text
    with sqlite3.connect(db) as conn:
        (game_id, seq, raw), *_ = conn.execute(
            "SELECT game_id, seq, state FROM snapshots ORDER BY seq DESC"
        ).fetchall()
        future = json.dumps({**json.loads(raw), "schema_version": 99})
        conn.execute("UPDATE snapshots SET state = ? WHERE game_id = ? AND seq = ?", (future, game_id, seq))
    for lang in ("en", "fr"):
        code, text = await play(
            [
                "! @alice /game status",
                "! @alice /game board",
                "! @bob /play move:pass",
                "! @alice /game hand",
            ],
            lang,
        )
        assert code == 0, text
        refusal = t("bot.err.state_newer", lang, id=game_id, version=99, current=1)
        assert text.count(refusal) == 4, text
    with sqlite3.connect(db) as conn:
        assert conn.execute(
            "SELECT state FROM snapshots WHERE game_id = ? AND seq = ?", (game_id, seq)
        ).fetchone() == (future,)
    assert "Something went wrong" not in text
