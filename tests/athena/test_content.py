"""Authored card data (CONTENT.md) and its loader."""

import json
import re
from pathlib import Path

import pytest

from engine.athena import content as content_mod
from engine.athena.content import DATA_DIR, load_content
from engine.errors import ContentError

LOCALES = Path(content_mod.__file__).parent / "locales"


@pytest.fixture(scope="module")
def c():
    return load_content()


def test_every_data_file_says_it_is_authored():
    for file in DATA_DIR.glob("*.yaml"):
        first = file.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# Authored for the Agora project") and "not the publisher" in first.lower()


def test_box_contents_match_the_rulebook(c):
    # 004 §II: 60 combatants (6 of each of 10), 84 powers (6 of each of 14), 22 terrains
    assert len(c.combatants) == 10 and sum(x.box for x in c.combatants.values()) == 60
    assert len(c.powers) == 14 and sum(x.box for x in c.powers.values()) == 84
    assert {t.code: t.box for t in c.terrains.values()} == {
        "PL": 6,
        "FO": 5,
        "CO": 4,
        "PO": 3,
        "FT": 2,
        "TZ": 1,
        "PA": 1,
    }


def test_threat_colours_follow_attack_plus_defence(c):
    # CONTENT values: green <= 7, orange 8-11, red >= 12
    assert [code for code in c.combatants if c.colour(code) == "green"] == ["PE", "AR", "FA"]
    assert [code for code in c.combatants if c.colour(code) == "red"] == ["HE", "HI", "GR"]
    for code, card in c.combatants.items():
        total = card.attack + card.defense
        assert c.colour(code) == ("green" if total <= 7 else "red" if total >= 12 else "orange")


def test_power_phases_and_durations(c):
    by_phase = {
        p: sorted(x.code for x in c.powers.values() if x.phase == p)
        for p in ("strategy", "engagement", "reveal")
    }
    assert by_phase == {
        "strategy": ["AT", "CL", "DI", "RE"],
        "engagement": ["CA", "MR", "PS"],
        "reveal": ["AN", "AS", "CC", "CM", "IM", "RI", "SO"],
    }
    assert [x.code for x in c.powers.values() if x.lasting] == ["SO"]


def test_catalog_names_match_the_data(c):
    en = json.loads((LOCALES / "en.json").read_text(encoding="utf-8"))
    fr = json.loads((LOCALES / "fr.json").read_text(encoding="utf-8"))
    for prefix, table in (("card", c.combatants), ("power", c.powers), ("terrain", c.terrains)):
        for code, item in table.items():
            assert en[f"athena.{prefix}.{code}"] == item.name.en
            assert fr[f"athena.{prefix}.{code}"] == item.name.fr
    for sid, sc in c.scenarios.items():
        assert en[f"athena.scenario.{sid}"] == sc.name.en and fr[f"athena.scenario.{sid}"] == sc.name.fr
    assert en["athena.card.GR"] == "King's Guard" and fr["athena.card.GR"] == "Garde du Roi"


def test_power_texts_are_short_and_quote_the_data(c):
    for lang in ("en", "fr"):
        cat = json.loads((LOCALES / f"{lang}.json").read_text(encoding="utf-8"))
        for code, power in c.powers.items():
            text = cat[f"athena.power.{code}.text"]
            assert 0 < len(text) <= 90
            if power.effect.kind in ("bonus", "support"):
                assert f"+{power.effect.amount}" in text


def test_required_catalog_keys_exist():
    en = json.loads((LOCALES / "en.json").read_text(encoding="utf-8"))
    for key in [
        "athena.colour.hidden",
        "athena.phase.resolution",
        "athena.phase.over",
        "athena.role.p2",
        "athena.rules.summary",
        "athena.help.commands",
    ]:
        assert key in en
    assert 10 <= len(en["athena.rules.summary"].splitlines()) <= 15


def test_scenario_athenes_is_as_printed(c):
    sc = c.scenarios["athenes"]  # 004 §V.B
    assert sc.army == {
        "PE": 2,
        "AR": 2,
        "FA": 2,
        "SP": 2,
        "HO": 2,
        "FE": 1,
        "AE": 1,
        "HE": 1,
        "HI": 1,
        "GR": 1,
    }
    assert sc.powers == {"AT": 2, "AS": 2, "CM": 3, "MR": 2, "PS": 2, "RI": 2, "CC": 2}
    assert sum(sc.terrains.values()) == 18  # the printed "15" is a misprint (RULES-NOTES B3.4)
    assert (sc.tokens, sc.hand, sc.visible, sc.rounds_to_win, sc.structure) == (5, 5, 5, 2, "pyramid")


def _pack(tmp_path, text: str) -> Path:
    (tmp_path / "athena_pack.yaml").write_text(text, encoding="utf-8")
    return tmp_path


def test_a_pack_adds_and_replaces_cards_and_scenarios(tmp_path):
    _pack(
        tmp_path,
        """
combatants:
  - {code: GR, name: {fr: "Garde du Roi", en: "King's Guard"}, cost: 6, vp: 6, attack: 8, defense: 8}
  - {code: MY, name: {fr: "Myrmidon", en: "Myrmidon"}, cost: 4, vp: 3, attack: 6, defense: 5}
scenarios:
  - id: duel
    name: {fr: "Duel", en: "Duel"}
    army: {MY: 3, PE: 3}
    structure: pyramid
    terrains: {PL: 3}
    visible: 2
""",
    )
    c = load_content(tmp_path)
    assert c.combatants["GR"].vp == 6 and c.combatants["MY"].attack == 6
    assert c.scenarios["duel"].army == {"MY": 3, "PE": 3}
    assert load_content().combatants["GR"].vp == 5  # our data is untouched


@pytest.mark.parametrize(
    "text,path,reason",
    [
        (
            "combatants:\n  - {code: XX, name: {fr: a, en: b}, cost: -1, vp: 1, attack: 1, defense: 1}\n",
            "combatants[0].cost",
            "greater than or equal",
        ),
        (
            "powers:\n  - {code: ZZ, name: {fr: a, en: b}, cost: 1, vp: 0, phase: strategy, effect: {kind: bonus}}\n",
            "powers[0]",
            "reveal phase",
        ),
        (
            "scenarios:\n  - {id: bad, name: {fr: a, en: b}, army: {PE: 7}, terrains: {PL: 1}}\n",
            "scenarios[bad].army.PE",
            "count must be",
        ),
        (
            "scenarios:\n  - {id: odd, name: {fr: a, en: b}, army: {PE: 4}, terrains: {PL: 1}}\n",
            "scenarios[odd].army",
            "do not fit",
        ),
        ("nonsense: []\n", "nonsense", "unknown section"),
        ("combatants: [\n", "(root)", "not valid YAML"),
    ],
)
def test_invalid_content_names_file_path_and_reason(tmp_path, text, path, reason):
    _pack(tmp_path, text)
    with pytest.raises(ContentError) as err:
        load_content(tmp_path)
    assert err.value.file == "athena_pack.yaml"
    assert err.value.path == path
    assert re.search(reason, err.value.reason)


def test_content_follows_the_environment(tmp_path, monkeypatch):
    _pack(tmp_path, "terrains:\n  - {code: PL, name: {fr: Plaine, en: Plain}, vp: 9, box: 6}\n")
    monkeypatch.setenv("AGORA_CONTENT_DIR", str(tmp_path))
    try:
        assert content_mod.reload_content().terrains["PL"].vp == 9
    finally:
        monkeypatch.delenv("AGORA_CONTENT_DIR")
        content_mod.reload_content()
    assert content_mod.content().terrains["PL"].vp == 1


def test_pack_cards_get_their_display_names(tmp_path):
    from engine.athena.content import load_content
    from engine.i18n import t

    (tmp_path / "athena_pack.yaml").write_text(
        "combatants:\n"
        '  - {code: MY, name: {fr: "Myrmidon", en: "Myrmidon EN"}, cost: 3, vp: 2, attack: 5, defense: 5}\n',
        encoding="utf-8",
    )
    load_content(tmp_path)
    assert t("athena.card.MY", "en") == "Myrmidon EN" and t("athena.card.MY", "fr") == "Myrmidon"
    assert t("athena.card.GR", "fr") == "Garde du Roi"
