"""Autocomplete folding: never more than 25 choices, every legal move reachable by typing."""

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.discord.choices import DISCORD_LIMIT, VALUE_LIMIT, choice_value, expand, matching, narrow


def reach(moves: list[str], target: str) -> list[str]:
    """Follow the choices a player would pick to reach `target`; the values they typed."""
    typed, path = "", []
    for _ in range(len(target) + 2):
        entries = narrow(moves, typed)
        assert len(entries) <= DISCORD_LIMIT
        exact = [e for e in entries if not e.is_group and e.value == target]
        if exact:
            return path
        group = next(e for e in entries if e.is_group and target.startswith(e.value))
        assert len(group.value) > len(typed) or group.value != typed, "a group must make progress"
        typed = group.value
        path.append(typed)
    raise AssertionError(f"{target} not reached")


def test_few_moves_are_listed_as_they_are_in_engine_order():
    moves = ["pass", "engage 3", "engage 1"]
    assert [e.value for e in narrow(moves)] == moves
    assert [e.value for e in narrow(moves, "ENG")] == ["engage 3", "engage 1"]


def test_substring_match_when_no_prefix_matches():
    assert matching(["engage 3", "deploy 3", "pass"], "3") == ["engage 3", "deploy 3"]


def test_many_moves_fold_into_groups_with_counts():
    moves = [f"deploy {c}{n}" for c in "abcdef" for n in range(1, 9)] + ["pass"]
    entries = narrow(moves)
    assert len(entries) <= DISCORD_LIMIT
    groups = {e.value: e.count for e in entries if e.is_group}
    assert sum(groups.values()) + sum(1 for e in entries if not e.is_group) == len(moves)
    assert "pass" in [e.value for e in entries if not e.is_group]
    # picking a group lists exactly its moves
    first = next(e for e in entries if e.is_group)
    assert [e.value for e in narrow(moves, first.value)] == [m for m in moves if m.startswith(first.value)]


def test_a_move_that_prefixes_others_stays_selectable():
    moves = ["d3"] + [f"d3 {i:02d}" for i in range(40)]
    entries = narrow(moves, "d3")
    assert any(e.value == "d3" and not e.is_group for e in entries)
    assert reach(moves, "d3") == []


def test_exactly_the_limit_needs_no_group():
    moves = [f"m{i:02d}" for i in range(DISCORD_LIMIT)]
    assert all(not e.is_group for e in narrow(moves))


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.text(alphabet="abc 12", min_size=1, max_size=7), min_size=1, max_size=300, unique=True),
    st.data(),
)
def test_every_move_is_reachable_within_the_limit(moves, data):
    target = data.draw(st.sampled_from(moves))
    reach(moves, target)


def test_a_move_too_long_for_discord_travels_as_an_alias_and_comes_back_whole():
    army = "army hades " + " ".join(f"unit-{i}" for i in range(20))
    other = army.replace("unit-19", "unit-99")
    value = choice_value(army)
    assert len(army) > VALUE_LIMIT >= len(value) and value != choice_value(other)
    assert expand(value, [other, army]) == army
    assert expand("pass", [army]) == "pass" and choice_value("pass") == "pass"
