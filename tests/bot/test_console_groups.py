"""A mistyped command group gets a suggestion at the local table (issue 25), as a mistyped
subcommand gets its group's subcommands: `/gmae new` -> "Did you mean /game?"."""

from __future__ import annotations

import pytest

from bot.console import run_local


@pytest.mark.parametrize(
    "lang,line,words",
    [
        (
            "en",
            "@alice /gmae new game:athena",
            "/gmae is not a command I know. Did you mean /game? Commands: ",
        ),
        (
            "fr",
            "@alice /gmae new game:athena",
            "/gmae n’est pas une commande que je connais. Vouliez-vous dire /game\u00a0?",
        ),
        ("en", "@alice /leage list", "Did you mean /league?"),
        ("en", "@alice /blarmi list", "Did you mean /blarmy?"),
    ],
)
async def test_a_mistyped_group_is_answered_with_the_closest(tmp_path, lang, line, words):
    path = tmp_path / "t.txt"
    path.write_text(line + "\n", encoding="utf-8")
    out: list[str] = []
    rc = await run_local(
        db=None, out=tmp_path, transcript=path, write=out.append, render_images=False, lang=lang
    )
    assert rc == 1  # the line is still not run
    assert any(words in x for x in out), out[-3:]
    assert any("/play" in x and "/game" in x for x in out if "/gmae" in x or "/leage" in x or "/blarmi" in x)


async def test_a_line_far_from_any_group_is_simply_not_understood(tmp_path):
    path = tmp_path / "t.txt"
    path.write_text("@alice /zzzzzz\n", encoding="utf-8")
    out: list[str] = []
    assert await run_local(db=None, out=tmp_path, transcript=path, write=out.append, render_images=False) == 1
    assert any("I do not understand" in x for x in out)
