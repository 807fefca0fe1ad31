"""Battlelore Mythologie images (render/battlelore): the battlefield's geometry matches the
notation (engine/battlelore/hexes.py), units show their side by colour and shape, the turn's
moves and attacks are drawn as arrows, dice say what they did, the private view and the unit
card are drawn, and a public image never depends on hidden information."""

from __future__ import annotations

import io
from functools import lru_cache

from PIL import Image

from engine.battlelore import GAME, hexes
from engine.battlelore.state import Attack, clone
from engine.harness import play
from render.battlelore import army_png, board_png, dice_line, marks, private_png, unit_png
from render.battlelore.board import HEX_W, Board, board_image
from render.battlelore.card import unit_image
from render.common import Ink

NAMES = {"p1": "Alexandra", "p2": "Bérénice"}


@lru_cache(maxsize=1)
def played() -> tuple:
    """(command, state after it) of a seeded battle."""
    out: list = []
    seats = {r: GAME.players["heuristic"](i) for i, r in enumerate(("p1", "p2"))}
    play(
        GAME,
        seats,
        seed=3,
        options=GAME.Options(max_turns=6),
        on_step=lambda _b, _r, c, o: out.append((c, o.state)),
    )
    return tuple(out)


def states() -> tuple:
    return tuple(s for _, s in played())


def first(pred):
    return next(s for s in states() if pred(s))


def png(data: bytes) -> Image.Image:
    assert data.startswith(b"\x89PNG")
    return Image.open(io.BytesIO(data)).convert("RGB")


def test_coordinates_follow_the_notation():
    g = Board(GAME.view(states()[0], None), NAMES, "en").grid
    a1, m1, a9, a2 = (g.centre(h) for h in ("a1", "m1", "a9", "a2"))
    assert a1[1] > a2[1] > a9[1]  # row 1 is the south edge, at the bottom
    assert m1[0] - a1[0] == 12 * HEX_W and a1[1] == m1[1]  # 13 hexes on odd rows
    assert a2[0] - a1[0] == HEX_W / 2  # even rows shifted by half a hex
    assert g.centre("m2") is None and g.centre("a10") is None  # no such hexes
    # the sector lines run through the centres of hexes e and i of odd rows (002 l.238)
    assert g.sector_line(hexes.LEFT_LINE) == g.centre("e1")[0]
    assert g.sector_line(hexes.RIGHT_LINE) == g.centre("i1")[0]


def test_every_image_of_a_battle_is_a_small_png():
    sample = states()[:: max(1, len(states()) // 12)]
    for s in sample:
        board = board_png(GAME.view(s, None), NAMES, "fr")
        assert png(board).width == 1240 and len(board) < 300_000
        mine = private_png(GAME.view(s, "p1"), NAMES, "en")
        assert png(mine).height >= png(board).height and len(mine) < 400_000


def test_units_show_their_side_by_colour_and_shape():
    s = first(lambda s: s.step == "card")
    view = GAME.view(s, None)
    image = board_image(view, NAMES, "en")
    g = Board(view, NAMES, "en").grid
    r = HEX_W * 0.36
    for u in view.units:
        if not u.hex:
            continue
        side = list(view.sides).index(u.owner)
        cx, cy = g.centre(u.hex)
        # left of the centre, inside the token: the side's colour
        assert image.getpixel((round(cx - r * 0.75), round(cy + 2))) == marks.SIDE_INK[side], u
        # near the corner of the token's box: only the square (the second side) reaches it
        corner = image.getpixel((round(cx - r * 0.74), round(cy + r * 0.74)))
        assert (corner == marks.SIDE_INK[1]) == (side == 1), u


def test_a_weakened_troop_shows_its_last_figure_on_red():
    s = clone(first(lambda s: s.step == "card"))
    unit = next(u for u in s.units.values() if u.hex and u.card == "hop")
    unit.hits = 3  # 4 figures, one left: weakened (002 l.82)
    view = GAME.view(s, None)
    image = board_image(view, NAMES, "en")
    cx, cy = Board(view, NAMES, "en").grid.centre(unit.hex)
    r = HEX_W * 0.36
    assert image.getpixel((round(cx - r * 0.45), round(cy + r * 0.4))) == marks.RED


def test_the_turns_moves_and_attacks_are_arrows():
    s = clone(first(lambda s: s.step == "card"))
    s.extra_data["trail"] = [["mv", "b5", "f5"], ["atk", "b3", "f3"], ["ret", "h7", "l7"]]
    view = GAME.view(s, None)
    image = board_image(view, NAMES, "en")
    g = Board(view, NAMES, "en").grid
    for (kind, frm, to), colour in zip(view.trail, (Ink.HEADER, marks.RED, Ink.PURPLE), strict=True):
        (x0, y0), (x1, y1) = g.centre(frm), g.centre(to)
        mid = (round((x0 + x1) / 2), round((y0 + y1) / 2))
        if kind == "ret":  # dashed: somewhere along the middle
            assert any(image.getpixel((mid[0] + dx, mid[1])) == colour for dx in range(-12, 13))
        else:
            assert image.getpixel(mid) == colour


def test_the_engine_records_the_turns_trail():
    """Each move and attack of the turn joins the view's trail; a new card starts afresh."""
    from engine.battlelore import commands as c

    seen = 0
    for cmd, after in played():
        trail = GAME.view(after, None).trail
        if isinstance(cmd, c.Move):
            assert ["mv", cmd.frm, cmd.to] in trail
            seen += 1
        elif isinstance(cmd, c.Attack):
            assert ["fire" if cmd.ranged else "atk", cmd.frm, cmd.to] in trail
        elif isinstance(cmd, c.Play):
            assert trail == []
    assert seen > 5


def test_dice_say_what_they_did():
    s = clone(first(lambda s: s.step == "card"))
    s.log_roll = [1, 2, 3, 4, 5, 6]
    view = GAME.view(s, None)
    assert dice_line(view, "en") == "Dice: S hit · B hit · T — · F flag · P mana · O offering"
    att = next(u for u in s.units.values() if u.hex and u.owner == "p1")
    dfd = next(u for u in s.units.values() if u.hex and u.owner == "p2")
    s.attack = Attack(att=att.id, dfd=dfd.id, ranged=True, adjacent=False, supported=False)
    assert (
        dice_line(GAME.view(s, None), "fr")
        == "Dés\u00a0: F — · B — · T touche · D drapeau · S mana · O offrande"
    )
    s.log_roll = []
    assert dice_line(GAME.view(s, None), "en") == ""


def test_a_public_image_never_depends_on_hidden_information():
    s = first(lambda s: s.step == "card" and s.sides["p1"].hand)
    other = clone(s)
    other.sides["p1"].hand = ["c1"] * len(s.sides["p1"].hand)  # same count, other cards
    other.deck = list(reversed(s.deck))
    for god in other.sides["p2"].gods.values():
        god.deck = god.deck[:1] + list(reversed(god.deck[1:]))  # the face-up card stays
    assert other.sides["p1"].hand != s.sides["p1"].hand or other.deck != s.deck
    assert board_png(GAME.view(s, None), NAMES, "en") == board_png(GAME.view(other, None), NAMES, "en")
    # hidden deployment: the deploying side sees its units, the channel does not (002 l.219)
    hidden = first(lambda s: s.step == "deploy" and any(u.hex for u in s.units.values()))
    public, mine = (
        GAME.view(hidden, None),
        GAME.view(hidden, next(u.owner for u in hidden.units.values() if u.hex)),
    )
    assert not any(u.hex for u in public.units) and any(u.hex for u in mine.units)
    assert board_png(public, NAMES, "en") != board_png(mine, NAMES, "en")


def test_unit_card_and_army():
    s = first(lambda s: s.step == "card")
    view = GAME.view(s, None)
    two_bars = next((u for u in view.units if u.hex and u.card == "hipp"), None)
    one_bar = next(u for u in view.units if u.hex and u.card == "hop")
    tall = unit_image(view, one_bar.hex, NAMES, "en").height
    if two_bars is not None:
        assert unit_image(view, two_bars.hex, NAMES, "fr").height > tall  # each stat bar drawn
    missing = unit_image(view, "a5", NAMES, "en")
    assert missing.height < tall
    assert png(unit_png(view, one_bar.hex, NAMES, "en")).width == 720
    assert png(army_png(view, "p2", NAMES, "fr")).height > 70 + 46 * 5
    assert unit_image(None, "e5", NAMES, "en").height < tall  # before the battle starts


def test_deployment_zones_are_marked_while_armies_deploy():
    """002 l.442-448: each side deploys in the rows by its own edge (4 deep in a pitched
    battle): a bar in its colour beside them, only while armies deploy."""
    from render.battlelore.board import GUTTER

    deploying = first(lambda s: s.step == "deploy")
    view = GAME.view(deploying, None)
    g = Board(view, NAMES, "en").grid
    image = board_image(view, NAMES, "en")
    x = g.left - GUTTER + 4
    for role, side in view.sides.items():
        colour = marks.SIDE_INK[list(view.sides).index(role)]
        own, far = (1, 9) if side.edge == 1 else (9, 1)
        assert image.getpixel((x, round(g.centre_xy(1, own)[1]))) == colour
        assert image.getpixel((x, round(g.centre_xy(1, far)[1]))) != colour
    later = GAME.view(first(lambda s: s.step == "card"), None)
    assert board_image(later, NAMES, "en").getpixel((x, round(g.centre_xy(1, 1)[1]))) == Ink.PAPER
