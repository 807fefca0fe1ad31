"""The engine core: translation helper and the seeded generator."""

import json
from pathlib import Path

from engine.i18n import T, normalize_locale, placeholders, render
from engine.rng import Rng


def test_rng_is_deterministic_and_serializable():
    a, b = Rng.from_seed(42), Rng.from_seed(42)
    seq_a = [a.below(6) for _ in range(50)]
    restored = Rng.model_validate_json(b.model_dump_json())
    assert seq_a == [restored.below(6) for _ in range(50)]
    assert set(seq_a) == set(range(6))


def test_rng_shuffle_is_a_permutation():
    r = Rng.from_seed(7)
    items = list(range(20))
    r.shuffle(items)
    assert sorted(items) == list(range(20)) and items != list(range(20))


def test_locale_normalization():
    assert normalize_locale("fr") == "fr"
    assert normalize_locale("en-US") == "en"
    assert normalize_locale("de") == "en"
    assert normalize_locale(None) == "en"


def test_render_falls_back_and_nests():
    assert render(T("core.err.game_over"), "fr") == "La partie est terminée."
    assert render(T("core.err.game_over"), "en-GB") == "The game is over."
    assert render(T("no.such.key"), "fr") == "key"  # words, never the dotted key (issue 25)
    nested = T("core.err.unknown_command", text="zz", examples=T("core.err.game_over"))
    assert "La partie est terminée." in render(nested, "fr")


def test_every_catalog_has_both_languages_with_the_same_keys():
    root = Path(__file__).resolve().parents[2]
    folders = {p.parent for p in root.glob("**/locales/en.json") if ".venv" not in p.parts}
    assert folders, "no catalogs found"
    for folder in folders:
        en = json.loads((folder / "en.json").read_text(encoding="utf-8"))
        fr = json.loads((folder / "fr.json").read_text(encoding="utf-8"))
        assert set(en) == set(fr), f"{folder}: keys differ: {sorted(set(en) ^ set(fr))}"
        for key in en:
            # the same parameters; plural blocks may differ in branches (fr has "many"), not in names
            # ("core.named" and the like pick the parameter named after the locale: {en} / {fr})
            same = placeholders(en[key]) - {"en"} == placeholders(fr[key]) - {"fr"}
            assert same, f"{folder}:{key} placeholders differ"


def test_roles_in_messages_take_the_players_names():
    from engine.i18n import role_text, with_names

    line = T(
        "core.err.unknown_command", text=role_text("p1", T("core.err.game_over")), examples=[role_text("p2")]
    )
    assert render(line, "en") == render(
        T("core.err.unknown_command", text=T("core.err.game_over"), examples="p2"), "en"
    )
    named = with_names(line, {"p1": "Alice", "p2": "Bob"})
    assert render(named, "fr") == "Je ne comprends pas «\u00a0Alice\u00a0». Essayez par exemple\u00a0: Bob."
