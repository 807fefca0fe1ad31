"""Hoplomachus Victorum images (issue 16 "Rendered"): the arena during a fight, the world
map between fights, the camp, the event card; drawn from the view given, public images
from public fields only, in English and French."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

from hoplomachus_views import first, states
from PIL import Image

import render.hoplomachus as hop
from engine.hoplomachus import GAME
from engine.hoplomachus.content import content
from engine.i18n import has_key
from render.hoplomachus import arena, kit, worldmap

NAMES = {"p1": "Ariadne"}
LIMIT = 300 * 1024
PACKAGE = Path(hop.__file__).parent


def picture(data: bytes) -> Image.Image:
    assert data.startswith(b"\x89PNG") and len(data) < LIMIT
    return Image.open(io.BytesIO(data)).convert("RGB")


def colours(image: Image.Image) -> set:
    return {c for _, c in image.getcolors(1 << 20)}


def test_the_public_image_is_the_arena_in_a_fight_and_the_map_between_fights():
    fight = first(lambda s: s.fight is not None and len(s.fight.units) >= 3)
    travel = first(lambda s: s.fight is None and s.phase == "travel")
    board = picture(hop.board_png(GAME.view(fight, None), NAMES, "en"))
    world = picture(hop.board_png(GAME.view(travel, None), NAMES, "fr"))
    assert board.size == (arena.WIDTH, 700) and world.size == (worldmap.WIDTH, worldmap.HEIGHT)
    # sides differ by colour (and shape): both colours are on the arena
    sides = {u.side for u in fight.fight.units}
    found = colours(board)
    for side in sides & {"p", "r"}:
        assert kit.SIDE_COLOUR[side] in found


def test_public_images_read_public_fields_only():
    """The board drawn from the player's own view is the very same picture: nothing the
    public view lacks (offered cards, deck tops seen) can reach the channel."""
    for s in states()[::25]:
        assert hop.board_png(GAME.view(s, None), NAMES, "en") == hop.board_png(
            GAME.view(s, "p1"), NAMES, "en"
        )


def test_the_cards_to_keep_are_in_the_players_camp_image_only():
    keeping = first(lambda s: s.phase == "keep")
    public, mine = GAME.view(keeping, None), GAME.view(keeping, "p1")
    assert public.offered is None and mine.offered
    shown = picture(hop.private_png(mine, NAMES, "en"))
    hidden = picture(hop.private_png(public, NAMES, "en"))
    assert shown.height > hidden.height + 150  # the offered cards, numbered, under the camp


def test_every_image_draws_in_both_languages_from_every_phase():
    seen = set()
    for s in states():
        key = (s.phase, s.fight.step if s.fight else None, s.ask is not None, s.outcome)
        if key in seen:
            continue
        seen.add(key)
        view = GAME.view(s, None)
        locale = ("en", "fr")[len(seen) % 2]
        for draw in hop.IMAGES.values():
            picture(draw(view, "p1", NAMES, locale))
    assert len(seen) > 12


def test_the_rivals_priorities_are_numbered_in_the_arena_order():
    fight = GAME.view(first(lambda s: s.fight is not None and s.fight.kind != "scion"), None).fight
    view = fight.model_copy(update={"arena": "kunlun"})
    rows = arena.priority_rows(view, "en")
    assert rows == [
        "1. the weakest (must reach to attack)",
        "2. the flag carrier (must reach to attack)",
        "3. a key hex",
        "4. the closest (must reach to attack)",
    ]  # data/arenas.yaml kunlun: ["*weakest", "*carrier", key, "*closest"] (seed 003 l.339-353)


def test_a_question_about_the_rivals_turn_is_told_above_the_arena():
    asked = first(lambda s: s.ask is not None and s.ask.kind == "next")
    view = GAME.view(asked, None)
    assert "which rival acts next" in arena.question_line(view, "en")
    assert "quel rival agit ensuite" in arena.question_line(view, "fr")


def test_the_world_map_places_every_location_apart_inside_the_picture():
    pos = worldmap.positions()
    assert set(pos) == set(content().locations)
    assert set(worldmap.ring_order()) == set(content().regions) - {"none"}
    for loc, (x, y) in pos.items():
        assert 40 < x < worldmap.PANEL_X - 20 and kit.HEADER_H + 20 < y < worldmap.HEIGHT - 60, loc
    points = list(pos.values())
    gaps = [abs(a[0] - b[0]) + abs(a[1] - b[1]) for i, a in enumerate(points) for b in points[i + 1 :]]
    assert min(gaps) > 30


def test_the_images_catalog_has_every_key_in_both_languages():
    en = json.loads((PACKAGE / "locales" / "en.json").read_text(encoding="utf-8"))
    fr = json.loads((PACKAGE / "locales" / "fr.json").read_text(encoding="utf-8"))
    assert set(en) == set(fr)
    used = set()
    for source in PACKAGE.glob("*.py"):
        used |= set(re.findall(r'label\(\s*"([a-z_.]*[a-z_])"', source.read_text(encoding="utf-8")))
    missing = [k for k in used if not has_key(f"render.hop.{k}")]
    assert not missing and used


def test_the_last_moves_and_attacks_are_numbered_arrows_when_the_view_lists_them():
    """`fight.last` (optional in the view): steps oldest first, drawn as numbered arrows."""
    from PIL import ImageDraw

    from render.hoplomachus.arrows import draw_arrows

    seen = GAME.view(first(lambda s: s.fight is not None and len(s.fight.units) >= 2), None)
    fight = seen.model_copy(update={"fight": seen.fight.model_copy(update={"last": []})})
    hexes = [u.hex for u in fight.fight.units if u.hex]
    last = [
        {"kind": "move", "side": "r", "hexes": ["c1", "c2", "c3"]},
        {"kind": "attack", "side": "r", "hexes": hexes[:2]},
        {"kind": "move", "side": "p", "hexes": ["b7"]},  # no path: nothing to draw
    ]
    with_last = fight.model_copy(update={"fight": fight.fight.model_copy(update={"last": last})})
    image = Image.new("RGB", (arena.WIDTH, 700))
    assert draw_arrows(ImageDraw.Draw(image), with_last.fight, arena.centre) == 2
    assert draw_arrows(ImageDraw.Draw(image), fight.fight, arena.centre) == 0
    assert hop.board_png(with_last, NAMES, "en") != hop.board_png(fight, NAMES, "en")


def test_the_engines_trail_is_drawn_with_its_numbers_and_the_rivals_next_priority_is_marked():
    """The engine's `fight.last` (a deployment is a badge, a move or an attack an arrow) and
    each rival's next priority beside the arena's list (issue 16 "Rendered")."""
    from PIL import ImageDraw

    from render.hoplomachus.arrows import all_steps, draw_arrows

    state = first(lambda s: s.fight is not None and any(len(x.hexes) >= 2 for x in s.fight.last))
    view = GAME.view(state, None)
    image = Image.new("RGB", (arena.WIDTH, 700))
    assert draw_arrows(ImageDraw.Draw(image), view.fight, arena.centre) == sum(
        1 for x in all_steps(view.fight) if len(x["hexes"]) >= 2
    )
    plan = {"hex": "b2", "rank": 1, "term": "weakest", "dest": "b3", "reached": True}
    marked = view.model_copy(update={"fight": view.fight.model_copy(update={"plans": [plan]})})
    rows = arena.priority_rows(marked.fight, "fr")
    assert "prochaine\u00a0: b2" in rows[0] and "b2" not in "".join(rows[1:])
    assert "next: b2" in arena.priority_rows(marked.fight, "en")[0]
    picture(hop.board_png(marked, NAMES, "fr"))


def test_the_public_image_is_the_event_card_with_its_choices_while_it_is_decided():
    deciding = first(lambda s: s.fight is None and s.phase == "event" and s.event)
    view = GAME.view(deciding, None)
    assert hop.board_png(view, NAMES, "fr") == hop.IMAGES["event"](view, "p1", NAMES, "fr")
