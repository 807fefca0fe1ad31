"""Authored content (CONTENT.md): complete for three peoples, validated, bilingual, short ids."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.battlelore.content import DATA, LORE_EFFECTS, load
from engine.battlelore.content import content as loaded
from engine.errors import ContentError
from engine.i18n import has_key

PEOPLES = ("greek", "egypt", "persia")


def test_every_data_file_says_it_is_authored():
    for path in DATA.glob("*.yaml"):
        assert path.read_text(encoding="utf-8").startswith("# Authored for the Agora project"), path.name


@pytest.mark.parametrize("people", PEOPLES)
def test_each_people_has_its_army_book_gods_artefacts_and_chaos(people):
    c = loaded()
    own = {u: card for u, card in c.units.items() if card.people == people and not card.chaos}
    assert len(own) >= 12
    assert sum(card.cls == "hero" for card in own.values()) >= 3
    assert sum(card.cls == "creature" for card in own.values()) >= 3
    assert any(len(card.bars) > 1 for card in own.values())  # stat bars to choose from
    assert any(card.chaos for card in c.units.values() if card.people == people)
    gods = [d for d in c.deities.values() if d.people == people and not d.chaos]
    assert len(gods) >= 3 and all(len(d.lore) >= 3 for d in gods)
    assert any(d.chaos for d in c.deities.values() if d.people == people)
    assert any(a.people == people for a in c.artefacts.values())
    assert len([x for x in c.extra.values() if x.people == people]) >= 3
    assert len([p for p in c.presets.values() if p.people == people]) >= 2


def test_scenarios_besides_the_pitched_battle_and_the_deck():
    c = loaded()
    scenarios = [s for s in c.scenarios.values() if not s.pitched]
    assert len(scenarios) >= 3 and all(s.victory.target > 0 for s in scenarios)
    assert any(s.sites for s in scenarios) and any(s.victory.hold for s in scenarios)
    assert sum(card.count for card in c.deck.values()) >= 36
    assert {card.act.sector for card in c.deck.values()} >= {"l", "c", "r"}
    assert [t for t in c.terrain.values() if t.special]


def test_every_name_in_english_and_french_and_every_effect_known():
    import engine.battlelore  # noqa: F401  (registers the names)

    c = loaded()
    for uid in c.units:
        assert has_key(f"bl.n.{uid}", "en") and has_key(f"bl.n.{uid}", "fr")
    for g, d in c.deities.items():
        for lid, card in d.lore.items():
            assert card.effect in LORE_EFFECTS and has_key(f"bl.lore.{g}.{lid}", "fr")


def test_every_message_key_the_engine_uses_is_in_both_catalogs():
    import re

    folder = Path(__file__).resolve().parents[2] / "engine" / "battlelore"
    en = json.loads((folder / "locales" / "en.json").read_text(encoding="utf-8"))
    fr = json.loads((folder / "locales" / "fr.json").read_text(encoding="utf-8"))
    assert set(en) == set(fr)
    used = set()
    for path in folder.glob("*.py"):
        used |= set(
            re.findall(
                r'"(bl\.(?:err|ev|result|window|rules|edge|mode|ab|role)\.[a-z_0-9]+)"', path.read_text()
            )
        )
    assert used and used <= set(en), used - set(en)


def _pack(tmp_path, text):
    folder = tmp_path / "pack"
    folder.mkdir()
    (folder / "extra.yaml").write_text(text, encoding="utf-8")
    return folder


def test_a_content_pack_adds_a_unit(tmp_path):
    pack = _pack(
        tmp_path,
        "units:\n  peasant: {name: {en: Peasants, fr: Paysans}, people: greek, cls: troop, bars: {a: {mv: 1, dice: 2, res: 3}}, trig: {hold: 1}}\n",
    )
    assert "peasant" in load(DATA, pack).units


@pytest.mark.parametrize(
    "text, where",
    [
        (
            "units:\n  bad: {name: {en: B, fr: B}, people: atlantis, cls: troop, bars: {a: {mv: 1, dice: 2, res: 3}}, trig: {hold: 1}}\n",
            "units/bad/people",
        ),
        (
            "units:\n  hero2: {name: {en: B, fr: B}, people: greek, cls: hero, bars: {a: {mv: 1, dice: 2, res: 3}}, trig: {hold: 1}}\n",
            "units/hero2/trig",
        ),
        (
            "units:\n  toolongid: {name: {en: B, fr: B}, people: greek, cls: troop, bars: {a: {mv: 1, dice: 2, res: 3}}, trig: {hold: 1}}\n",
            "units/toolongid",
        ),
        (
            "units:\n  arch: {name: {en: B, fr: B}, people: greek, cls: troop, bars: {a: {mv: 1, dice: 2, res: 3, shoot: false, wpn: [bow]}}, trig: {hold: 1}}\n",
            "units/arch/bars/a",
        ),
        (
            "units:\n  nodice: {name: {en: B, fr: B}, people: greek, cls: troop, bars: {a: {mv: 1, res: 3}}, trig: {hold: 1}}\n",
            "units/nodice/bars/a/dice",
        ),
    ],
)
def test_bad_content_is_refused_with_file_path_and_reason(tmp_path, text, where):
    with pytest.raises(ContentError) as e:
        load(DATA, _pack(tmp_path, text))
    assert e.value.file == "extra.yaml" and e.value.path.startswith(where), e.value.path
