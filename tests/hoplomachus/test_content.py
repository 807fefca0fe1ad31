"""The authored content loads, says what it is, and refuses what does not hold together."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.errors import ContentError
from engine.hoplomachus import hexes
from engine.hoplomachus.content import DATA, FILES, content, load_content
from engine.i18n import render


def test_every_data_file_says_it_is_authored_for_the_project():
    for name in FILES:
        assert "Authored for the Agora project" in (DATA / name).read_text(encoding="utf-8").splitlines()[0]


def test_the_world_has_eight_regions_with_arena_capital_and_harbours():
    c = content()
    assert len(c.regions) == 8 and set(c.arenas) == set(c.regions)
    kinds = [loc.kind for loc in c.locations.values()]
    assert kinds.count("capital") == 8 and kinds.count("harbour") >= 2
    assert len(c.heroes) == 8 and {h.region for h in c.heroes.values()} == set(c.regions)


def test_every_arena_is_connected_and_its_hexes_exist():
    for aid in content().arenas:
        b = hexes.board(aid)
        open_hexes = set(hexes.ALL) - set(b.blocked)
        start = b.player_hexes[0]
        seen = set(hexes.reach(start, 99, set(b.blocked)))
        assert seen == open_hexes, aid
        assert set(b.rival_hexes) <= open_hexes and b.keys <= open_hexes


def test_names_exist_in_english_and_french():
    assert render_name("hop.unit.kl_blade", "en") == "Jade Blade"
    assert render_name("hop.unit.kl_blade", "fr") == "Lame de jade"
    assert render_name("hop.loc.vec", "fr") == "Vésuvia"


def test_every_skill_in_the_data_has_its_own_english_and_french_name():
    """The skills glossary (seed 003 l.569-618) and every skill a unit, hero, Primus or the
    Scion carries: named in both languages, and the French differs from the English (the
    French table showed "Deflect")."""
    from engine.hoplomachus.content import SKILLS, skill_name
    from engine.i18n import has_key

    c = content()
    used = {skill_name(s) for u in c.units.values() for s in u.skills}
    used |= {skill_name(s) for h in c.heroes.values() for s in (*h.skills, *h.primus.skills)}
    used |= {skill_name(s) for s in getattr(next(iter(c.scion.values())), "skills", ())}
    assert used <= set(SKILLS)
    for skill in SKILLS:
        key = f"hop.skill.{skill}"
        assert has_key(key, "en") and has_key(key, "fr"), key
        en, fr = render_name(key, "en"), render_name(key, "fr")
        assert en and fr and en != fr, (skill, en, fr)
    assert render_name("hop.skill.deflect", "fr") == "Parade"


def test_the_region_of_a_unit_from_no_region_is_named():
    assert render_name("hop.region.none", "fr") == "Sans région"


def render_name(key, loc):
    from engine.i18n import Text

    return render(Text(key=key), loc)


def _pack(tmp_path: Path, text: str) -> Path:
    folder = tmp_path / "pack"
    folder.mkdir()
    (folder / "extra.yaml").write_text(text, encoding="utf-8")
    return folder


@pytest.mark.parametrize(
    ("text", "where"),
    [
        (
            "units:\n  x1: {en: X, fr: X, region: kunlun, classes: [att], move: 2, range: 1, health: 3, dice: [g], skills: [flying]}\n",
            "units.x1.skills[0]",
        ),
        (
            "units:\n  x1: {en: X, fr: X, region: kunlun, classes: [att], move: 2, range: 1, health: 3, dice: [z]}\n",
            "units.x1.dice",
        ),
        (
            "units:\n  x1: {en: X, fr: X, region: atlantis, classes: [att], move: 2, range: 1, health: 3, dice: [g]}\n",
            "units.x1.region",
        ),
        ('arenas:\n  kunlun: {en: A, fr: A, map: ["..."], priority: ["*weakest"]}\n', "arenas.kunlun.map"),
        (
            'arenas:\n  kunlun: {en: A, fr: A, map: ["..1.2..", "...3.4.", ".......", "...K...", ".......", ".......", "P.P.P.P"], priority: [weakest]}\n',
            "arenas.kunlun.priority[0]",
        ),
        ("roads:\n  - [kls, nowhere]\n", "roads[0]"),
        ("sport:\n  sp_x: {en: X, fr: X, rivals: [Q], player: H+U, types: [spar]}\n", "sport.sp_x.rivals[0]"),
    ],
)
def test_a_content_pack_that_does_not_hold_is_refused_with_its_place(tmp_path, text, where):
    with pytest.raises(ContentError) as err:
        load_content(_pack(tmp_path, text))
    assert err.value.path == where, err.value


def test_a_content_pack_may_add_a_unit(tmp_path):
    text = "units:\n  kl_monk: {en: Monk, fr: Moine, region: kunlun, classes: [def], move: 1, range: 1, health: 5, dice: [g]}\n"
    c = load_content(_pack(tmp_path, text))
    assert c.units["kl_monk"].health == 5 and "kl_blade" in c.units
