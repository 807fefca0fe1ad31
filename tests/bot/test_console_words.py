"""Hints worded for the adapter (issue 25): a reaction window with more choices than buttons
says "/play (autocomplete lists them all)" on Discord, but at the local table, which has no
autocomplete, it names `moves`. Generic: the console swaps the keys it words its own way."""

from __future__ import annotations

import pytest

from bot.console import run_local
from engine.mythic.game import MythicBattles
from tests.mythic.test_windows import FILL1, FILL2, battle


class BigHand(MythicBattles):
    """Marauders (p1, c3) next to Spartans and Talos (p2); bob holds five different cards and
    no power point, so his reaction window offers a counter-attack and five conversions."""

    def setup(self, options, roles, seed):
        return battle(
            {"p1": ["marauders@c3", *FILL1], "p2": ["spartans@c4", "talos@d3", *FILL2]},
            hands={"p1": ["marauders"], "p2": ["spartans", "toxotes", "owls", "talos", "hoplites-ares"]},
            decks={"p1": ["shades", "lycaons"] * 4, "p2": ["owls", "talos"] * 4},
            options=options,
            seed=seed,
        )


@pytest.mark.parametrize(
    "lang,words",
    [
        ("en", "[to bob] More choices: `moves` lists them all, then /play <move>."),
        ("fr", "[to bob] Autres choix\u00a0: `moves` les liste tous, puis /play <coup>."),
    ],
)
async def test_the_local_table_names_moves_where_discord_names_autocomplete(tmp_path, lang, words):
    path = tmp_path / "game.txt"
    path.write_text(
        "@alice /game new game:mythic seed:3\n@bob /game join\n@alice /game start\n"
        "@alice /play act marauders\n@bob /play pass\n@alice /play atk c3xc4\n@bob moves\n",
        encoding="utf-8",
    )
    out: list[str] = []
    rc = await run_local(
        db=None,
        out=tmp_path / "out",
        transcript=path,
        games={"mythic": BigHand()},
        write=out.append,
        render_images=False,
        lang=lang,
    )
    assert rc == 0, "\n".join(out[-8:])
    assert words in out
    assert not any("autocomplet" in line for line in out)
    assert any(line.strip().startswith("cntr") for line in out[out.index("> @bob moves") :])
