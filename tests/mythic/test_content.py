"""Authored content: the facts the rulebooks give hold, and bad content is refused clearly."""

from __future__ import annotations

import pytest

from engine.errors import ContentError
from engine.mythic.content import DATA, content, load_content
from engine.mythic.recruitment import army_refusal


def test_every_data_file_says_it_is_authored_for_this_project():
    for path in DATA.glob("*.yaml"):
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# Authored for the Agora project"), path.name


def test_box_totals():
    """000 §"Matériel": 34 unit tokens, 145 unit cards, 86 maneuver cards, 6 double-sided tiles."""
    c = content()
    assert len(c.units) == 34
    assert sum(u.vitality for u in c.units.values()) == 145
    assert sum(u.maneuvers for u in c.units.values()) == 86
    assert len(c.tiles) == 6 and all(set(sides) == {"a", "b"} for sides in c.tiles.values())
    assert {u.faction for u in c.units.values()} == {"athena", "hades", "neutral"}
    assert {u.type for u in c.units.values()} == {"infantry", "cavalry", "pack", "horde", "colossal"}


def test_every_talent_is_carried_by_a_unit():
    """000/001 "List of Talents": all 25 talents exist and each is on at least one card."""
    c = content()
    assert len(c.talents) == 25
    carried = {t for u in c.units.values() for line in u.levels.values() for t in line.talents}
    assert carried == set(c.talents)


def test_facts_the_rulebooks_give_about_named_units():
    u = content().units
    assert (u["cerberus"].cost, u["cerberus"].maneuvers, u["cerberus"].legendary) == (29, 3, True)
    assert (u["rhadamanthus"].cost, u["rhadamanthus"].maneuvers, u["rhadamanthus"].legendary) == (30, 4, True)
    assert (u["auditors"].cost, u["auditors"].maneuvers, u["auditors"].flying) == (15, 3, True)
    top = u["marauders"].levels[u["marauders"].vitality]
    assert (u["marauders"].cost, u["marauders"].maneuvers, u["marauders"].flying, top.cc, top.move[0]) == (
        12,
        3,
        False,
        4,
        3,
    )
    assert (u["legion-acheron"].cost, u["legion-acheron"].maneuvers) == (5, 2)
    assert (u["artillerymen"].cost, u["artillerymen"].maneuvers) == (4, 2)
    assert {
        u[k].faction
        for k in ("cerberus", "rhadamanthus", "auditors", "marauders", "legion-acheron", "artillerymen")
    } == {"hades"}
    spartans = u["spartans"].levels[u["spartans"].vitality]
    assert (spartans.cc, spartans.defense, u["spartans"].flying) == (4, 7, False)
    assert u["toxotes"].levels[u["toxotes"].vitality].cc == 2 and not u["toxotes"].flying
    assert u["dawn-regiment"].flying and u["dawn-regiment"].levels[u["dawn-regiment"].vitality].cc == 5
    assert not u["lycaons"].flying
    assert u["nemean-lion"].vitality == 7 and "rage_of_the_lion" in u["nemean-lion"].levels[1].talents
    assert any(
        line.ra == 3 and line.range == 5 for x in u.values() for line in x.levels.values()
    )  # the sample card
    hoplites = [x for x in u.values() if x.name.en == "Hoplites"]
    assert {h.affiliation.en for h in hoplites} >= {"Temple of Ares", "Temple of Charydis"}
    assert {h.affiliation.fr for h in hoplites} >= {"Temple d'Arès", "Temple d'Héphaïstos"}


def test_characteristics_weaken_as_the_stack_turns():
    """001 §"Evolution of Vitality": the lower the Vitality, the less effective the unit."""
    for unit in content().units.values():
        top, bottom = unit.levels[unit.vitality], unit.levels[1]
        assert bottom.cc <= top.cc and bottom.defense <= top.defense, unit.id
        assert len(bottom.talents) <= max(len(top.talents), 1), unit.id


def test_presets_are_valid_armies_for_a_duel_or_for_teams():
    """100 points for two players, 60 for the 4-player battle (001 §"Variant: 4-Player Battle")."""
    fits = {
        army.id: [p for p in (100, 60) if army_refusal(army.faction, army.units, p) is None]
        for army in content().armies.values()
    }
    assert all(fits.values()), fits
    assert {p for found in fits.values() for p in found} == {100, 60}


def test_tiles_fit_four_in_a_square_and_six_in_a_rectangle():
    c = content()
    for sides in c.tiles.values():
        for rows in sides.values():
            assert len(rows) == c.tile_size and all(len(r) == c.tile_size for r in rows)
    kinds = {ch for sides in c.tiles.values() for rows in sides.values() for row in rows for ch in row}
    assert kinds == set(".hfrxc")  # hills, forests, ruins, impassable and crevasses all appear


def _pack(tmp_path, text: str):
    (tmp_path / "pack.yaml").write_text(text, encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(
    ("text", "path", "reason"),
    [
        (
            "units:\n  - id: marauders\n    name: {en: A, fr: B}\n    faction: hades\n    type: infantry\n    cost: 12\n"
            "    maneuvers: 3\n    leadership: 2\n    levels:\n      1: {move: [2, 3], cc: 2, def: 4}\n"
            "      3: {move: [2, 3], cc: 2, def: 4}\n",
            "units[0].levels",
            "every Vitality",
        ),
        (
            "units:\n  - id: marauders\n    name: {en: A, fr: B}\n    faction: hades\n    type: infantry\n    cost: 12\n"
            "    maneuvers: 3\n    leadership: 2\n    levels:\n      1: {move: [2, 3], cc: 2, def: 4, talents: {flying_kick: 1}}\n",
            "units[0].levels.1.talents.flying_kick",
            "unknown talent",
        ),
        (
            "units:\n  - id: marauders\n    name: {en: A, fr: B}\n    faction: hades\n    type: infantry\n    cost: 12\n"
            "    maneuvers: 3\n    leadership: 2\n    levels:\n      1: {move: [2, 3], cc: 2, def: 4, talents: {cerberus_bite: 1}}\n",
            "units[0].levels.1.talents.cerberus_bite",
            "dice",
        ),
        (
            "units:\n  - id: marauders\n    name: {en: A, fr: B}\n    faction: zeus\n    type: infantry\n    cost: 12\n"
            "    maneuvers: 3\n    leadership: 2\n    levels:\n      1: {move: [2, 3], cc: 2, def: 4}\n",
            "units[0].faction",
            "",
        ),
        (
            "units:\n  - id: marauders\n    name: {en: A, fr: B}\n    faction: hades\n    type: infantry\n    cost: 12\n"
            "    maneuvers: 3\n    leadership: 2\n    levels:\n      1: {move: [2, 3], cc: 2, ra: 2, def: 4}\n",
            "units[0].levels.1.range",
            "range",
        ),
        (
            "units:\n  - id: marauders\n    name: {en: A, fr: B}\n    faction: hades\n    type: infantry\n    cost: 12\n"
            "    maneuvers: 3\n    leadership: 2\n    levels:\n      1: {move: [2, 3], cc: 2, def: 4, talents: {leader: 2}}\n",
            "units[0].levels.1.talents.leader",
            "costs nothing",
        ),
        ('tiles:\n  1:\n    a: ["......", "......"]\n    b: ["......"]\n', "tiles.1.a", "6 rows"),
        (
            'tiles:\n  1:\n    a: ["......", "......", "..q...", "......", "......", "......"]\n'
            '    b: ["......", "......", "......", "......", "......", "......"]\n',
            "tiles.1.a",
            "unknown terrain",
        ),
        (
            'tiles:\n  1:\n    a: ["xxxxxx", "xxxxxx", "......", "......", "......", "......"]\n'
            '    b: ["......", "......", "......", "......", "......", "......"]\n',
            "tiles.1.a",
            "north edge",
        ),
        (
            'tiles:\n  1:\n    a: ["......", "......", "xxxxxx", "......", "......", "......"]\n'
            '    b: ["......", "......", "......", "......", "......", "......"]\n',
            "tiles.1.a",
            "cannot be reached",
        ),
        (
            "armies:\n  mine:\n    name: {en: A, fr: B}\n    faction: hades\n    units: [cerberus, pegasus]\n",
            "armies.mine.units[1]",
            "unknown unit",
        ),
        ("battlefields:\n  odd: [1a, 1b, 2a, 3a]\n", "battlefields.odd", "different"),
        ("battlefields:\n  odd: [1a, 2a, 3a, 4a, 5a]\n", "battlefields.odd", "4 tile sides"),
        ("battlefields:\n  odd: [1a, 2a, 3z, 4a]\n", "battlefields.odd[2]", "tile side"),
        ("weather: {}\n", "weather", "unknown section"),
    ],
)
def test_bad_content_is_refused_with_file_path_and_reason(tmp_path, text, path, reason):
    with pytest.raises(ContentError) as err:
        load_content(_pack(tmp_path, text))
    assert err.value.file == "pack.yaml"
    assert err.value.path == path
    assert reason in err.value.reason


def test_a_content_pack_may_replace_a_unit(tmp_path):
    pack = _pack(
        tmp_path,
        "units:\n  - id: toxotes\n    name: {en: Toxotai, fr: Toxotai}\n    faction: athena\n    type: infantry\n"
        "    cost: 8\n    maneuvers: 2\n    leadership: 1\n    levels:\n      1: {move: [2, 3], cc: 1, ra: 2, range: 4, def: 4}\n"
        "      2: {move: [2, 3], cc: 2, ra: 3, range: 5, def: 4}\n",
    )
    c = load_content(pack)
    assert c.units["toxotes"].name.en == "Toxotai" and c.units["toxotes"].vitality == 2
    assert len(c.units) == 34


RULEBOOK_NAMES = {  # unit id -> (English name, French name) as the rulebooks print them (001 / 000)
    "cerberus": ("Cerberus, Guardian of the Gate of Hell", "Cerbère, Gardien de la Porte des Enfers"),
    "rhadamanthus": ("Rhadamanthus, Judge of Hell", "Rhadamanthe, Juge des Enfers"),
    "auditors": ("Infernal Auditors", "Assesseurs des Enfers"),
    "marauders": ("Infernal Marauders", "Maraudeurs Infernaux"),
    "legion-acheron": ("Legion of the Damned", "Légion des Damnés"),
    "legion-phlegethon": ("Legion of the Damned", "Légion des Damnés"),
    "artillerymen": ("Damned Artillerymen", "Artilleurs Damnés"),
    "spartans": ("Spartans", "Spartiates"),
    "toxotes": ("Toxotes", "Toxotes"),
    "dawn-regiment": ("Dawn Regiment", "Régiment de l'Aube"),
    "lycaons": ("Lycaons", "Lycaons"),
    "nemean-lion": ("Nemean Lion", "Lion de Némée"),
    "hoplites-ares": ("Hoplites", "Hoplites"),
}


def test_units_the_rulebooks_name_carry_both_printed_names():
    """CONTENT.md: names given in the rulebooks are used in their English and French forms;
    the Legion's affiliations are Acheron / Achéron and Phlegethon / Phlégéthon (000 l.247)."""
    units = content().units
    for uid, (en, fr) in RULEBOOK_NAMES.items():
        assert (units[uid].name.en, units[uid].name.fr) == (en, fr), uid
    assert (units["legion-acheron"].affiliation.en, units["legion-acheron"].affiliation.fr) == (
        "Acheron",
        "Achéron",
    )
    assert (units["legion-phlegethon"].affiliation.en, units["legion-phlegethon"].affiliation.fr) == (
        "Phlegethon",
        "Phlégéthon",
    )
    assert (
        units["auditors"].faction == units["lycaons"].faction == "hades"
    )  # the defence example: Nick's allies
    assert not units["lycaons"].flying and units["auditors"].flying
    # the harassment example: the Marauders' enemies can face a Hades army
    assert {units[u].faction for u in ("spartans", "dawn-regiment", "toxotes")} <= {"athena", "neutral"}
