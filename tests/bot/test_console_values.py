"""An option value with spaces works unquoted at the local table where a game's own how-to
writes it so (issue 25): `/blarmy save … units:hop hop spart g:zeus` is read as Discord reads
that option, one value with spaces; a word after an option that names none of the command's
options belongs to that option's value. `/game explain name:keen edge` too."""

from __future__ import annotations

import pytest

from bot.console import parse_line, run_local

ARMY = "hop hop hop spart spart pelt pelt crete crete sling hipp/b achil g:zeus g:athena"


def test_words_after_an_option_join_its_value():
    parsed = parse_line(f"@alice /blarmy save name:Phalanx people:greek units:{ARMY}")
    assert parsed.options == {"name": "Phalanx", "people": "greek", "units": ARMY}
    assert parsed.args == []
    parsed = parse_line("@alice /game explain name:keen edge")
    assert parsed.options == {"name": "keen edge"}
    parsed = parse_line("@alice /game status 12")  # no option before: still refused by name
    assert parsed.args == ["12"]


@pytest.mark.parametrize(
    "lang,saved",
    [
        ("en", "💾 Army **Phalanx** saved: Greeks, 14 units, 374 points."),
        ("fr", "💾 Armée **Phalanx** enregistrée"),
    ],
)
async def test_the_howto_army_line_saves_unquoted(tmp_path, lang, saved):
    path = tmp_path / "t.txt"
    path.write_text(f"@alice /blarmy save name:Phalanx people:greek units:{ARMY}\n@alice /blarmy list\n")
    out: list[str] = []
    rc = await run_local(
        db=None, out=tmp_path / "out", transcript=path, write=out.append, render_images=False, lang=lang
    )
    assert rc == 0, "\n".join(out[-6:])
    assert any(saved in line for line in out), out
