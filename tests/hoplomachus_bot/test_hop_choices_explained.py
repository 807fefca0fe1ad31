"""Refusals at the local table name what fits this step (issue 25, Hoplomachus): `/hop choose`
with a bare card id works in its step and, in another step, lists that step's choices; in
English and French."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.console import run_local

TRANSCRIPT = """\
@ann /game new game:hoplomachus difficulty:valiant seed:30
@ann /game start
! @ann /hop choose option:pw_edge
@ann /hop choose option:health
@ann /hop choose option:pw_edge
"""


async def play(tmp_path: Path, lang: str) -> str:
    path = tmp_path / "t.txt"
    path.write_text(TRANSCRIPT, encoding="utf-8")
    out: list[str] = []
    rc = await run_local(
        db=None, out=tmp_path / "out", transcript=path, lang=lang, write=out.append, render_images=False
    )
    text = "\n".join(out)
    assert rc == 0, text[-3000:]
    return text


@pytest.mark.parametrize(
    ("lang", "refused", "gained"),
    [
        (
            "en",
            "“pw_edge” is not a choice at this step. Choose one of: `bonus die` (Bonus: a blue die), `bonus health` (",
            "Prowess gained: Keen Edge.",
        ),
        (
            "fr",
            "«\u00a0pw_edge\u00a0» n’est pas un choix possible à cette étape. Choisissez parmi\u00a0: `bonus die` (",
            "Prouesse gagnée\u00a0: Tranchant affûté.",
        ),
    ],
)
async def test_choose_takes_a_bare_id_in_its_step_and_lists_this_steps_choices_otherwise(
    hoplomachus, tmp_path: Path, lang: str, refused: str, gained: str
):
    text = await play(tmp_path, lang)
    first = text[text.index("> @ann /hop choose option:pw_edge") :]
    assert refused in first.split("\n> ")[0], first[:600]
    assert "`bonus leadership`" in first.split("\n> ")[0] and "go " not in first.split("\n> ")[0]
    assert gained in text


def test_the_hall_and_a_solo_rematch_read_naturally_in_both_languages(hoplomachus):
    from engine.hoplomachus.table.hall import HALL
    from engine.i18n import T, render

    label = dict(HALL.columns)["why"]
    cell = T("bot.hall.cell", label=label, value=HALL.words("why", "hero"))
    assert render(cell, "en") == "ended: your hero fell"
    assert render(cell, "fr").replace("\u00a0", " ") == "fin : votre héros est tombé"
    solo = T("bot.rematch_solo", previous=1, id=2, game="Hoplomachus Victorum")
    assert "rotated" not in render(solo, "en") and "permutées" not in render(solo, "fr")
    assert render(solo, "fr").startswith("Revanche de la partie n°1")
