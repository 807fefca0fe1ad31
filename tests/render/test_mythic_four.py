"""The 4-player team variant's images (001 §"Variant: 4-Player Battle"; 000 §"Variante :
Bataille à 4 joueurs"): four seats told apart by colour and shape even under colour-blindness,
team-mates in one hue family, the panels grouped by team, the 6-tile battlefield with its
coordinates and tile borders, a phone-legible size, and a private view that holds one
general's hand only."""

from __future__ import annotations

import io
import itertools
import json
import math
from collections import Counter
from pathlib import Path

import pytest
from PIL import Image

import render.common
from engine.mythic import GAME
from engine.mythic.board import Board as EngineBoard
from engine.mythic.board import name as square_name
from render.common import Ink
from render.mythic import board_png, private_png
from render.mythic.battlefield import MOVE_INK, TILE_INK, ZONE_BAR, tile_size
from render.mythic.board import board_image, layout
from render.mythic.scene import Scene
from render.mythic.seats import SEATS, seat
from tests.render import mythic_views
from tests.render.mythic_four_views import NAMES, ROLES, self_played, widen
from tests.render.mythic_views import blank_hidden, four_players

# Machado, Oliveira & Fernandes (2009), severity 1, on linear RGB.
CVD = {
    "normal": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}


def linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    """CIELAB (D65) of a linear RGB colour."""
    r, g, b = rgb
    x, y, z = (
        0.4124 * r + 0.3576 * g + 0.1805 * b,
        0.2126 * r + 0.7152 * g + 0.0722 * b,
        0.0193 * r + 0.1192 * g + 0.9505 * b,
    )

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    fx, fy, fz = f(x / 0.95047), f(y), f(z / 1.08883)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def seen_as(colour: tuple[int, int, int], vision: str) -> tuple[float, float, float]:
    rgb = [linear(c) for c in colour]
    return lab(
        tuple(min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb, strict=True)))) for row in CVD[vision])
    )


def contrast_with_white(colour: tuple[int, int, int]) -> float:
    luminance = sum(w * linear(c) for w, c in zip((0.2126, 0.7152, 0.0722), colour, strict=True))
    return 1.05 / (luminance + 0.05)


def decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


@pytest.fixture
def drawn(monkeypatch) -> list[tuple[str, int]]:
    """Every (text, size) drawn, whatever module draws it (no band of rows met before)."""
    monkeypatch.setattr(render.common, "STRIPS", render.common.StripCache())
    texts: list[tuple[str, int]] = []
    real = render.common.text_mask

    def record(text, size, *rest):
        texts.append((text, size))
        return real(text, size, *rest)

    monkeypatch.setattr(render.common, "text_mask", record)
    return texts


@pytest.fixture(scope="module")
def moments():
    """One self-played state per kind of moment: phase, decision, an attack being resolved,
    a last move, units destroyed, a unit destroyed by the last attack; and the final state."""

    def key(view):
        return (
            view.phase,
            view.decision.kind if view.decision else None,
            view.combat is not None,
            bool(view.last_move),
            any(u.destroyed for u in view.units),
            bool(view.last_attack and view.last_attack.destroyed),
        )

    return self_played(3, key)


# --- the four seats ---------------------------------------------------------------------------


def test_the_four_colours_stay_apart_for_every_kind_of_colour_vision():
    for vision in CVD:
        seen = [seen_as(s.fill, vision) for s in SEATS]
        for a, b in itertools.combinations(range(len(SEATS)), 2):
            assert math.dist(seen[a], seen[b]) > 15, (vision, SEATS[a].fill, SEATS[b].fill)
    assert len({s.shape for s in SEATS}) == 4  # and the shape tells them apart anyway


def test_white_labels_read_on_every_seat_colour():
    assert all(contrast_with_white(s.fill) >= 4.5 for s in SEATS)


def test_team_mates_share_a_hue_family_and_differ_in_lightness():
    """Seats 0 and 2 are team 1 (cool: more blue than red), 1 and 3 team 2 (warm)."""
    assert all(SEATS[i].fill[2] > SEATS[i].fill[0] for i in (0, 2))
    assert all(SEATS[i].fill[0] > SEATS[i].fill[2] for i in (1, 3))
    for a, b in ((0, 2), (1, 3)):
        assert abs(seen_as(SEATS[a].fill, "normal")[0] - seen_as(SEATS[b].fill, "normal")[0]) > 8


def test_seats_follow_the_teams_whatever_the_order_of_the_roles():
    view = widen(mythic_views.battle())
    sides = view.sides
    assert [seat(ROLES, sides, r) for r in ROLES] == list(SEATS)
    shuffled = ["p3", "p4", "p1", "p2"]
    assert {r: seat(shuffled, sides, r) for r in ROLES} == {
        "p3": SEATS[0],
        "p4": SEATS[1],
        "p1": SEATS[2],
        "p2": SEATS[3],
    }
    two = mythic_views.battle()  # no teams: by rank, as before
    assert [seat(two.roles, two.sides, r) for r in two.roles] == list(SEATS[:2])


def test_every_token_carries_its_owners_colour():
    view = widen(mythic_views.battle())
    image = board_image(view, NAMES, "en")
    grid = layout(Scene(view, NAMES, "en")).grid
    for unit in view.units:
        if unit.square is None:
            continue
        colours = {
            colour: n for n, colour in image.crop(grid.cell_box(*grid.xy(unit.square))).getcolors(1 << 16)
        }
        own = Scene(view, NAMES, "en").seat(unit.owner).fill
        assert colours.get(own, 0) > 200, (unit.uid, unit.square)


# --- the 6-tile battlefield -------------------------------------------------------------------


def test_squares_of_the_rectangle_are_where_the_notation_names_them():
    view = widen(mythic_views.battle())
    grid = layout(Scene(view, NAMES, "en")).grid
    engine_board = EngineBoard(width=18, height=12, terrain="." * 216)
    assert (grid.width, grid.height, grid.files) == (18, 12, "abcdefghijklmnopqr")
    for sq in range(216):
        assert grid.xy(square_name(engine_board, sq)) == engine_board.xy(sq)
    assert grid.xy("s1") is None and grid.xy("r13") is None


def test_tile_borders_split_the_rectangle_into_six_tiles():
    view = widen(mythic_views.battle())
    assert tile_size(view.board) == 6 and tile_size(mythic_views.battle().board) == 6
    assert tile_size(view.board.model_copy(update={"tiles": ["1a"] * 5})) == 0
    image = board_image(view, NAMES, "en")
    grid = layout(Scene(view, NAMES, "en")).grid
    y = grid.top + grid.cell // 2  # a row of open ground? only the borders matter
    on_border = [image.getpixel((grid.left + x * grid.cell, y)) for x in (6, 12)]
    assert on_border == [TILE_INK, TILE_INK]
    assert (
        image.getpixel((grid.left + 3 * grid.cell, grid.top + 6 * grid.cell)) == TILE_INK
    )  # between north and south
    assert (
        image.getpixel((grid.left + 3 * grid.cell, grid.top + 5 * grid.cell)) != TILE_INK
    )  # a plain grid line


def test_team_mates_share_their_deployment_edge_and_the_ranks_stay_clear_of_it():
    """Each team's edge carries a band split between its two generals' colours; the rank
    numbers (two digits) are drawn outside the band."""
    view = widen(mythic_views.battle())
    sides = {r: s.model_copy(update={"zone": "w" if s.team == 1 else "e"}) for r, s in view.sides.items()}
    view = view.model_copy(update={"sides": sides})
    scene = Scene(view, NAMES, "en")
    grid = layout(scene).grid
    image = board_image(view, NAMES, "en")
    for edge, x, team in (("w", grid.left - 3 - ZONE_BAR, ["p1", "p3"]), ("e", grid.right + 3, ["p2", "p4"])):
        band = image.crop((x, grid.top, x + ZONE_BAR, grid.bottom))
        colours = {colour for _, colour in band.getcolors(1 << 16)}
        assert colours == {scene.seat(r).fill for r in team}, edge


def test_the_last_move_is_drawn_on_the_far_east_tiles():
    base = four_players()
    moved = base.model_copy(
        update={
            "last_move": ["r6", "r5", "r4"],
            "last_move_unit": "p3.owls",
            "units": [u.model_copy(update={"square": "r4"}) if u.uid == "p3.owls" else u for u in base.units],
        }
    )
    grid = layout(Scene(moved, NAMES, "en")).grid
    x0, y0, x1, y1 = grid.cell_box(*grid.xy("r5"))
    assert board_image(moved, NAMES, "en").getpixel(((x0 + x1) // 2, (y0 + y1) // 2)) == MOVE_INK


def test_a_unit_activated_this_turn_carries_a_gold_tick():
    """001 §"Game Turn": a unit is activated once a turn; its token says so (✓ in gold)."""

    def gold_in_owls_square(activated: bool) -> int:
        base = four_players()
        units = [
            u.model_copy(update={"activated": activated}) if u.uid == "p3.owls" else u for u in base.units
        ]
        view = base.model_copy(update={"units": units})
        grid = layout(Scene(view, NAMES, "en")).grid
        crop = board_image(view, NAMES, "en").crop(grid.cell_box(*grid.xy("r2")))
        return sum(n for n, colour in crop.getcolors(1 << 16) if colour == Ink.GOLD)

    assert gold_in_owls_square(False) == 0 and gold_in_owls_square(True) > 30


def test_a_six_tile_board_stays_legible_on_a_phone(drawn):
    """The board is 50% wider than the 2-player one: squares stay >= 56 px, no text under
    12 px (the badges' letters; names and numbers are larger), and the picture stays a
    Discord-friendly 1200 px wide."""
    view = widen(mythic_views.battle())
    image = decode(board_png(view, NAMES, "fr"))
    assert image.width == 1200 and image.height < 2000
    assert layout(Scene(view, NAMES, "fr")).grid.cell >= 56
    sizes = Counter(size for _, size in drawn)
    assert min(sizes) >= 12
    assert sum(n for size, n in sizes.items() if size >= 17) > 0.8 * sum(sizes.values())


# --- the panels and the legend ------------------------------------------------------------------


def test_panels_are_grouped_by_team_under_a_team_header():
    view = widen(mythic_views.battle())
    slots = layout(Scene(view, NAMES, "en")).slots
    assert [(kind, key) for kind, key, _ in slots] == [
        ("team", 1),
        ("player", "p1"),
        ("player", "p3"),
        ("team", 2),
        ("player", "p2"),
        ("player", "p4"),
    ]
    left = {key: box[0] for _, key, box in slots}
    assert left[1] == left["p1"] == left["p3"] < left[2] == left["p2"] == left["p4"]
    boxes = [box for _, _, box in slots]
    for a, b in itertools.combinations(boxes, 2):  # nothing overlaps
        assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


def test_team_words_are_drawn_in_both_languages(drawn):
    view = widen(mythic_views.battle())
    board_png(view, NAMES, "fr")
    texts = {text for text, _ in drawn}
    assert "Équipe 1\u00a0: Périclès & Aspasie" in texts and "Équipe 2\u00a0: Léonidas & Gorgô" in texts
    assert any(t.startswith("Équipe 1 · ") for t in texts)  # in each general's panel
    assert "une équipe est battue quand ses deux armées tombent à 3 unités" in texts
    drawn.clear()
    board_png(mythic_views.battle(), mythic_views.NAMES, "en")  # two players: no team anywhere
    assert not any("Team" in text or "team" in text for text, _ in drawn)


def test_a_team_header_too_narrow_for_long_names_keeps_the_team_number(drawn):
    long = {r: f"{name} the Magnificent of Thessaly" for r, name in NAMES.items()}
    board_png(widen(mythic_views.battle()), long, "en")
    texts = {text for text, _ in drawn}
    assert {"Team 1", "Team 2"} <= texts and "7/8 units standing" in texts  # the Harpies fell


def test_before_the_tiles_are_laid_four_players_keep_the_rectangle_layout():
    view = widen(mythic_views.recruiting())
    lay = layout(Scene(view, NAMES, "en"))
    assert view.board is None and (lay.grid.width, lay.grid.height) == (18, 12) and not lay.beside


def test_the_winning_team_is_named(drawn):
    board_png(widen(mythic_views.finished()), NAMES, "fr")  # p2 won: team 2 with p4
    assert "L’équipe 2 (Léonidas & Gorgô) remporte la bataille\u00a0!" in {text for text, _ in drawn}


def test_counts_and_who_is_to_play_are_in_each_panel(drawn):
    view = widen(mythic_views.battle())  # p1 must react
    board_png(view, NAMES, "en")
    texts = [text for text, _ in drawn]
    assert texts.count("TO PLAY") == 1
    for label in ("Power pts", "Art of War", "Hand", "Deck", "Discard"):
        assert sum(label in t for t in texts) >= 4, label


def test_the_render_catalog_has_no_duplicate_key():
    """A key written twice in a JSON catalog silently hides the first."""
    for locale in ("en", "fr"):
        path = Path(render.common.__file__).parent / "locales" / f"{locale}.json"
        pairs = json.loads(path.read_text(), object_pairs_hook=lambda items: items)
        duplicated = [k for k, n in Counter(k for k, _ in pairs).items() if n > 1]
        assert not duplicated, (locale, duplicated)


# --- self-played positions --------------------------------------------------------------------


def test_self_played_moments_cover_combat_and_destruction(moments):
    """The engine's own team variant: four seats, two teams, 6 tiles (18 x 12)."""
    views = [GAME.view(s, None) for s in moments]
    assert all(v.roles == ROLES and [v.sides[r].team for r in ROLES] == [1, 2, 1, 2] for v in views)
    assert {(v.board.width, v.board.height, len(v.board.tiles)) for v in views if v.board} == {(18, 12, 6)}
    assert any(v.combat for v in views)
    assert any(v.last_attack and v.last_attack.destroyed for v in views)
    assert {"battle", "over"} <= {v.phase for v in views}


def test_every_self_played_board_renders_small_and_shows_nothing_hidden(moments):
    sizes = []
    for state in moments:
        view = GAME.view(state, None)
        data = board_png(view, NAMES, "fr")
        image = decode(data)
        assert image.format == "PNG" and image.width <= 1600 and image.height < 2200
        assert len(data) < 400_000
        sizes.append(len(data))
        if view.board is not None:
            assert data == board_png(blank_hidden(GAME.view(state, "p3")), NAMES, "fr")
    assert len(sizes) >= 10


def test_a_private_view_for_p3_holds_p3s_hand_only(moments, drawn):
    """p3 sees their own hand, by unit; never a team-mate's (001 §"Variant: 4-Player Battle":
    the generals of a team may not reveal the contents of their hand)."""
    states = [s for s in moments if GAME.view(s, "p3").sides["p3"].hand]
    assert len(states) >= 3
    for state in states[:6]:
        mine = GAME.view(state, "p3")
        assert mine.viewer == "p3" and all(mine.sides[r].hand is None for r in ROLES if r != "p3")
        drawn.clear()
        render.common.STRIPS.clear()  # every band drawn again, so every word is seen
        data = private_png(mine, NAMES, "en")
        # what the picture says of the hand: one "×n" per unit, matching p3's cards
        counts = Counter(mine.sides["p3"].hand)
        assert sorted(t for t, _ in drawn if t.startswith("×")) == sorted(f"×{n}" for n in counts.values())
        assert any(t.startswith("Team 1 with Périclès · ") for t, _ in drawn)  # the team-mate, by name
        # the team-mate's hand, as the engine holds it, names none of its units in p3's picture
        mate = GAME.view(state, "p1")
        mate_rows = {Scene(mate, NAMES, "en").unit_text(f"p1.{card}") for card in mate.sides["p1"].hand or []}
        assert mate_rows and not any(t.startswith(row) for t, _ in drawn for row in mate_rows)
        # filling the other generals' hands changes nothing: the image reads p3's only
        leaked = {
            r: s.model_copy(update={"hand": ["spy"] * 3}) if r != "p3" else s for r, s in mine.sides.items()
        }
        assert private_png(mine.model_copy(update={"sides": leaked}), NAMES, "en") == data
        assert decode(data).width <= 1600 and len(data) < 400_000
