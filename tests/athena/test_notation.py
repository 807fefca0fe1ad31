"""The text notation: canonical round trips and errors that say what is wrong."""

import pytest
from athena_helpers import arena, deployed, new_state

from engine.athena import GAME
from engine.athena.notation import format_command, parse_command
from engine.athena.state import Activate, Deploy, Play, Recruit
from engine.errors import IllegalCommand
from engine.harness import play
from engine.i18n import render


def collect_legal(scenario: str, seed: int, **options) -> list:
    seen = []

    def on_step(before, role, command, outcome):
        seen.extend((before, role, c) for c in GAME.legal(before, role))

    opts = GAME.Options(scenario=scenario, **options)
    players = {"p1": GAME.players["random"](seed), "p2": GAME.players["heuristic"](seed)}
    play(GAME, players, seed, opts, on_step=on_step)
    return seen


@pytest.mark.parametrize(
    "scenario,options", [("athenes", {}), ("initiation", {}), ("expert", {"structure": "columns"})]
)
def test_format_parse_round_trip_for_every_legal_command(scenario, options):
    checked = set()
    for state, role, cmd in collect_legal(scenario, 3, **options)[::3]:
        text = format_command(cmd)
        assert parse_command(text) == cmd
        assert format_command(GAME.notation.parse(text, state, role)) == text
        assert GAME.load_command(cmd.model_dump()) == cmd
        checked.add(cmd.kind)
    assert checked >= {"play", "discard", "pass", "engage", "deploy"} or scenario == "initiation"


def test_explicit_lists_round_trip():
    for cmd in [
        Deploy(codes=("PE", "AR")),
        Recruit(codes=("GR", "GR", "PE")),
        Activate(power="RE", slot=7, swap=(3, 9)),
        Activate(power="CL", slot=7, target=12),
        Play(power="CM", slot=15),
    ]:
        assert parse_command(format_command(cmd)) == cmd
    assert format_command(parse_command("deploy pe*2, ar")) == "deploy PE,PE,AR"


@pytest.mark.parametrize(
    "text,canonical",
    [
        ("cm@15", "CM@15"),
        ("  ENGAGE   15 ", "engage 15"),
        ("Activate cl@7 12", "activate CL@7 12"),
        ("activate re @ 7 3, 9", "activate RE@7 3,9"),
        ("activate RE@7 9,3", "activate RE@7 3,9"),
        ("Discard cc", "discard CC"),
        ("PASS", "pass"),
        ("deploy Strong", "deploy strong"),
        ("reveal as@15", "reveal AS@15"),
        ("powers Mixed", "powers mixed"),
    ],
)
def test_parsing_ignores_case_and_spaces(text, canonical):
    assert format_command(parse_command(text)) == canonical


def error_of(text, state, role):
    with pytest.raises(IllegalCommand) as err:
        GAME.notation.parse(text, state, role)
    return err.value


def test_unknown_codes_are_named():
    state = deployed().state
    err = error_of("XX@15", state, "p1")
    assert err.text.key == "athena.err.unknown_power" and "XX" in render(err.text, "en")
    err = error_of("deploy PE,ZZ", new_state(), "p1")
    assert err.text.key == "athena.err.unknown_card" and "ZZ" in render(err.text, "fr")


def test_gibberish_gets_help_examples_from_the_legal_commands():
    state = deployed().state
    err = error_of("attack with everything", state, "p1")
    assert err.text.key == "core.err.unknown_command"
    text = render(err.text, "en")
    assert "attack with everything" in text and "@15" in text
    assert "Essayez" in render(err.text, "fr")


def test_specific_errors():
    t = arena({15: "HO", 1: "PE"}, {15: "AR", 1: "PE"}, hands={"p1": ["CC"]})
    assert error_of("CC@3", t.state, "p1").text.key == "athena.err.slot_empty"
    assert error_of("CC@16", t.state, "p1").text.key == "athena.err.no_such_slot"
    assert error_of("CM@15", t.state, "p1").text.key == "athena.err.not_in_hand"
    assert error_of("engage 15", t.state, "p1").text.key == "athena.err.wrong_phase"
    assert error_of("discard CC", t.state, "p2").text.key == "core.err.not_your_turn"
    t.play("p1: CC@15", "p1: pass")
    assert error_of("engage 14", t.state, "p1").text.key == "athena.err.slot_empty"
    assert error_of("reveal CC@15", t.state, "p1").text.key == "athena.err.wrong_phase"
    t.play("p1: engage 15", "p2: engage 1")
    assert error_of("reveal CC@1", t.state, "p1").text.key == "athena.err.not_engaged_slot"
    assert error_of("reveal AS@15", t.state, "p1").text.key == "athena.err.no_power_there"
    wrong = error_of("engage 1", t.state, "p1")
    assert "reveal CC@15" in render(wrong.text, "en")  # the examples show what is possible


def test_the_notation_reads_and_prints_without_the_rules():
    """No import circle: the notation is pure syntax and imports no rules (not even inside a
    function); the rules print commands with it, and engine/athena/reading.py checks typed
    moves against the position with both."""
    import ast
    from pathlib import Path

    import engine.athena.notation as notation

    tree = ast.parse(Path(notation.__file__).read_text(encoding="utf-8"))
    imported = {
        alias.name if isinstance(node, ast.Import) else f"{node.module}.{alias.name}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in node.names
    }
    assert not any("rules" in name or "reading" in name for name in imported), imported


@pytest.mark.parametrize(
    "text,canonical",
    [
        ("CO@15", "CM@15"),  # Commander / Commandant
        ("discard ns", "discard PS"),  # Not So Strong / Pas si fort que ça
        ("reveal SA@15", "reveal AS@15"),  # Surprise Attack / Attaque surprise
        ("activate CL@7 12", "activate CL@7 12"),  # the same initials in both languages
        ("deploy KG,IN*2,pe", "deploy GR,FA,FA,PE"),  # King's Guard, Infantryman
        ("powers CO,CS,SU", "powers CM,CC,SO"),
    ],
)
def test_english_initials_are_accepted_and_print_as_the_canonical_codes(text, canonical):
    """Issue 25: power and combatant codes are the French initials; an English reader may type
    the English ones. Logs and transcripts keep one canonical form (the French codes)."""
    assert format_command(parse_command(text)) == canonical


def test_every_english_code_names_exactly_one_card():
    from engine.athena.content import content

    for table in ("powers", "combatants"):
        items = getattr(content(), table)
        english = [item.code_en or code for code, item in items.items()]
        assert len(set(english)) == len(english)
        for code, item in items.items():
            assert content().canonical(table, item.code_en or code) == code
            assert content().canonical(table, code) == code


def test_unknown_code_errors_list_each_code_with_its_name():
    state = deployed().state
    err = error_of("XX@15", state, "p1")
    assert "CM (Commander)" in render(err.text, "en") and "PS (Not So Strong)" in render(err.text, "en")
    assert "CM (Commandant)" in render(err.text, "fr") and "PS (Pas si fort que ça)" in render(err.text, "fr")
    err = error_of("deploy PE,ZZ", new_state(), "p1")
    assert "GR (King's Guard)" in render(err.text, "en") or "GR (King’s Guard)" in render(err.text, "en")
    assert "GR (Garde du Roi)" in render(err.text, "fr")


def test_set_up_labels_show_each_code_with_its_name_when_it_fits():
    """Issue 25: wherever a code appears its name is beside it; a list too long for a choice
    (100 characters) keeps the bare codes, which the how-to and `/game explain` name."""
    from engine.athena.state import ChoosePowers

    state = new_state()
    short = GAME.label(state, "p1", Deploy(codes=("PE", "AR", "AR")))
    assert render(short, "en") == "Deploy in slot order: PE (Peltast), AR (Archer)×2"
    assert "PE (Peltaste), AR (Archer)×2" in render(short, "fr")
    powers = GAME.label(state, "p1", ChoosePowers(codes=("CM", "CC")))
    assert render(powers, "en") == "Powers: CM (Commander), CC (Critical Strike)"
    assert "CM (Commandant), CC (Coup critique)" in render(powers, "fr")
    full = tuple("PE PE PE AR AR FA FA SP SP HO HO FE AE HE GR".split())
    for locale in ("en", "fr"):
        text = render(GAME.label(state, "p1", Deploy(codes=full)), locale)
        assert len(text) <= 100 and "PE×3" in text
