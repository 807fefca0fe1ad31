"""Battlelore Mythologie's status and images agree with the game (issue 25), in English and
French: no battlefield named before it is chosen, the last roll counted as the roll line
counted it, the mana circles in the legend, terrain names whole, French elision."""

from __future__ import annotations

import io

from PIL import Image

from engine.battlelore import GAME
from engine.battlelore.context import Ctx
from engine.battlelore.state import Options
from engine.i18n import T, render, role_text, with_names
from render.battlelore import board_png, marks, words
from render.battlelore.board import Board
from render.battlelore.dice import dice_line
from tests.battlelore.position import battle, play

NAMES = {"p1": "alice", "p2": "bob"}


def test_no_battlefield_is_named_before_the_map_is_chosen():
    state = GAME.setup(Options(), ["p1", "p2"], 3)
    assert state.step == "map"
    for lang, plain, unchosen in (
        ("en", "Open plain", "not chosen yet"),
        ("fr", "Plaine ouverte", "pas encore"),
    ):
        status = " ".join(render(t, lang) for t in GAME.summary(GAME.view(state, "p1")))
        title = Board(GAME.view(state, "p1"), NAMES, lang).header_texts()[0]
        assert plain not in status and unchosen in status
        assert plain not in title and unchosen in title
    state = play(state, "map plain")
    assert "Open plain" in render(GAME.summary(GAME.view(state, "p1"))[0], "en")


def test_the_last_roll_is_labelled_as_the_roll_line_counted_it_l177_180(monkeypatch):
    faces = [2, 2, 3]  # at range: two Bonus faces do nothing, one Shot hits
    monkeypatch.setattr(Ctx, "die", lambda self: faces.pop(0))
    state = play(battle(["p1 crete e4", "p2 hop e7"]), "play c2 any", "act e4", "fire e4xe7")
    view = GAME.view(state, "p1")
    assert view.attack is None and view.roll == [2, 2, 3]  # the attack is over, its roll stays
    ranged, weak = marks.roll_kind(view)
    assert ranged and [marks.die_effect(f, ranged, weak) for f in view.roll] == ["none", "none", "hit"]
    for lang in ("en", "fr"):
        line = dice_line(view, lang)
        hit, nothing = words.label("effect.hit", lang), words.label("effect.none", lang)
        assert line.count(hit) == 1 and line.count(nothing) == 2


def test_the_legend_explains_the_white_circles_beside_units():
    assert "room for more, white" in words.label("legend_marks", "en")
    assert "place pour plus, blancs" in words.label("legend_marks", "fr")


def test_a_long_terrain_name_is_not_cut_by_the_next_hex():
    # "Broussailles" overflows the top corners of its hex a little: it must still be drawn
    # whole, over the hex painted after it (e3), not under it
    state = battle(["p1 hop a1", "p2 hop m9"], terrain={"d3": "brush"})
    view = GAME.view(state, "p1")
    image = Image.open(io.BytesIO(board_png(view, NAMES, "fr"))).convert("RGB")
    b = Board(view, NAMES, "fr")
    cx, cy = b.grid.centre("d3")
    radius = b.grid.h / 2
    ink = 0
    for y in range(int(cy - radius * 0.78), int(cy - radius * 0.5)):
        half = (b.grid.w / 2) * min(1.0, (radius - abs(y - cy)) / (radius / 2))
        for x in range(int(cx + half) + 2, int(cx + b.grid.w * 0.42)):
            ink += sum(image.getpixel((x, y))) < 380  # letters, darker than fills and outlines
    assert ink > 0


def test_french_never_writes_de_before_a_name():
    # "Panthéon de alice" needs "d'alice": the sentences name the player or deity without "de"
    texts = [
        T("bl.ev.pantheon", role=role_text("p1"), gods=[T("bl.n.athena")]),
        T("bl.err.cannot_lore", god=T("bl.n.athena")),
        T("blt.army.caption", name="alice", id=3),
        T("render.bl.army.title", name="alice"),
    ]
    for text in texts:
        fr = render(with_names(text, NAMES), "fr")
        assert " de alice" not in fr and " de Athéna" not in fr and ("alice" in fr or "Athéna" in fr), fr
        assert "{" not in fr and "{" not in render(with_names(text, NAMES), "en")
