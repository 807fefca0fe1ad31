"""`moves` at the local table: a game with words for its commands (GAME.label) lists one move
per line, notation then words; `moves <text>` filters by the notation, else by the words."""

from __future__ import annotations

from bot.console import run_local


async def test_moves_show_their_words_and_filter_by_them(tmp_path, monkeypatch):
    typed = iter(
        [
            "game new game:hoplomachus hero:nox difficulty:chosen seed:3",
            "game start",
            "moves",
            "moves blue",
            "moves nothing-like-this",
            "quit",
        ]
    )
    monkeypatch.setattr("builtins.input", lambda prompt="": next(typed))
    out: list[str] = []
    rc = await run_local(db=str(tmp_path / "m.db"), out=tmp_path, write=out.append, render_images=False)
    assert rc == 0
    # the game's compound entry first ("finish the week", issue 26), then each move
    listed = next(
        line
        for line in out
        if line.endswith("\n  bonus die — Bonus: a blue die\n  bonus upgrade — Bonus: upgrade a die")
    )
    assert (
        listed.startswith("  bonus upgrade; ") and " — Finish the week as the rules' player would\n" in listed
    )
    assert (
        out[out.index(listed) + 1] == "  bonus die — Bonus: a blue die"
    )  # `moves blue` finds it by its words
    assert out[-1] == "No legal move for you now."
