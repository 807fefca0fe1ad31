"""Status and images that agree with the game (issue 25, Hoplomachus): `/game status` gives the
hero's HP of the arena mid-fight; HP gained above Health reads "2+3", not "5/2"; unit names
are whole (wrapped or smaller) and no numbered badge covers them; die letters match the
legend (K is black in English); in English and French."""

from __future__ import annotations

from engine.hoplomachus import GAME
from engine.hoplomachus.content import content
from engine.hoplomachus.state import Step
from engine.i18n import render
from render.hoplomachus import arena, arrows, kit
from render.hoplomachus.words import die_letter, unit
from tests.hoplomachus.scenario import fight


def test_game_status_gives_the_hero_hp_the_arena_shows():
    state = fight(["p:hero@d5", "r:kl_blade@d4"])
    state.hero_hp = state.sheet.health
    state.fight.get("hero").hp = 2
    view = GAME.view(state, None)
    assert view.hero_hp == 2 == next(u.hp for u in view.fight.units if u.fid == "hero")
    lines = [render(t, "en") for t in GAME.summary(view)]
    assert any(line.startswith(f"Hero 2/{state.sheet.health} HP") for line in lines), lines
    assert any(f"Héros 2/{state.sheet.health}" in render(t, "fr") for t in GAME.summary(view))


def test_hp_gained_above_health_reads_as_health_plus_the_gain():
    """seed 003 l.554-556: a gain of HP may pass Health (Bolster); it is counted above it."""
    state = fight(["p:hero@d5", "r:ar_sling@d3"])
    sling = state.fight.units[1]
    sling.hp = sling.health + 3
    view = next(u for u in GAME.view(state, None).fight.units if u.fid == sling.fid)
    assert arena.hp_text(view) == "2+3" and "5/2" not in arena.unit_row(view, "en")
    sling.hp = 1
    view = next(u for u in GAME.view(state, None).fight.units if u.fid == sling.fid)
    assert arena.hp_text(view) == "1/2"


def test_every_unit_name_fits_its_token_whole_in_both_languages():
    state = fight(["p:hero@d5"])
    u = GAME.view(state, None).fight.units[0]
    for uid in content().units:
        for locale in ("en", "fr"):
            u.unit = uid
            size, lines = arena.name_lines(u, locale)
            lines = tuple(line for line in lines if line)
            assert size >= 8 and not lines[-1].endswith("…"), (uid, locale, lines)
            whole = unit(uid, locale)
            assert " ".join(lines) == whole or "".join(lines) == whole, (uid, locale, lines)
    u.unit = "kl_blade"
    assert arena.name_lines(u, "en")[1] in (("Jade Blade",), ("Jade Blade", ""), ("Jade", "Blade"))


def test_numbered_badges_stand_clear_of_the_unit_names(monkeypatch):
    """The numbers of the last moves sit outside the starting token (radius 27), the question's
    numbers below the token, the dazed and Tribune marks beside it: none over the name, which
    is drawn inside 30 px above the token's centre."""
    state = fight(["p:hero@d5", "r:kl_blade@d4", "r:kl_guard@b2"], kind="spar", hero="bingqing")
    f = state.fight
    f.units[1].dazed, f.units[1].tribune = True, True
    f.last = [
        Step(n=1, turn=1, side="r", kind="attack", unit="kl_blade", hexes=["d4", "d5"]),
        Step(n=2, turn=1, side="r", kind="move", unit="kl_guard", hexes=["a1", "b1", "b2"]),
        Step(n=1, turn=1, side="p", kind="attack", unit="bingqing", hexes=["d5", "d4"]),  # upward
    ]
    from engine.hoplomachus.state import Ask

    state.ask = Ask(kind="target", step="engage", actor="kl_blade#d4", options=["d5"])
    spots: list[tuple[float, float]] = []
    real = kit.badge
    monkeypatch.setattr(kit, "badge", lambda d, at, *a: (spots.append(at), real(d, at, *a)))
    arena.arena_image(GAME.view(state, None), "en")
    assert len(spots) >= 6  # three arrows, z, T, the question's 1 (and the legend's, once drawn)
    for x, y in spots:
        for u in f.units:
            cx, cy = arena.centre(u.hex)
            name_box = (cx - 30 <= x <= cx + 30) and (cy - 30 <= y <= cy - 2)
            assert not name_box, (u.hex, x - cx, y - cy)
    assert arrows.steps(GAME.view(state, None).fight)


def test_die_letters_match_the_legend():
    assert [die_letter(c, "en") for c in "bgkr"] == ["B", "G", "K", "R"]
    assert [die_letter(c, "fr") for c in "bgkr"] == ["B", "V", "N", "R"]
    assert "K black" in render_label("en") and "N noir" in render_label("fr")


def render_label(locale: str) -> str:
    from render.hoplomachus.words import label

    return label("legend.hp_dice", locale)


def test_at_an_opportunity_the_button_and_the_card_image_say_the_same(monkeypatch):
    """seed 003 l.67-70: an Opportunity location draws two cards, keeps one; no event card."""
    from engine.hoplomachus import commands as c
    from engine.hoplomachus.table.words import move_text
    from render.hoplomachus import cards

    state = fight(["p:hero@d5"])
    state.fight, state.phase, state.location, state.previous = None, "travel", "ves", None
    state = GAME.apply(state, "p1", c.Go(to="veo")).state
    assert state.phase == "event" and state.event is None
    public = GAME.view(state, None)
    button = move_text("fight", public)
    assert render(button, "en") == "Draw two Opportunity cards, keep one"
    assert render(button, "fr") == "Piocher deux cartes Opportunité, en garder une"
    rows: list[str] = []
    monkeypatch.setattr(kit, "lines", lambda d, x, y, w, lines, *a, **k: rows.extend(lines) or y)
    for locale in ("en", "fr"):
        cards.event_image(public, locale)
    assert any("draw two Opportunity cards and keep one" in r for r in rows)
    assert any("piocher deux cartes Opportunité et en garder une" in r for r in rows)
    assert not any("No event card" in r for r in rows)
