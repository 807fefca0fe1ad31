"""Army layouts and coverage (004 §V.B "Déploiement des armées", §IX structures)."""

import pytest

from engine.athena.structures import fits, layout, sizes


def covered_by(structure: str, n: int) -> dict[int, set[int]]:
    """slot -> the slots it covers."""
    lay = layout(structure, n)
    out: dict[int, set[int]] = {s: set() for s in range(1, n + 1)}
    for low, ups in enumerate(lay.coverers, start=1):
        for up in ups:
            out[up].add(low)
    return out


def test_pyramid_example_15_covers_13_14_and_10_covers_6_7():
    # 004 §V.B: "la carte 15 bloque les cartes 13 et 14, la carte 10 bloque les cartes 6 et 7"
    cov = covered_by("pyramid", 15)
    assert cov[15] == {13, 14}
    assert cov[10] == {6, 7}
    # "Chaque carte d'une ligne doit couvrir deux cartes de la ligne d'en-dessous"
    assert all(len(cov[s]) == 2 for s in range(6, 16))
    assert all(not cov[s] for s in range(1, 6))
    assert layout("pyramid", 15).rows == (0,) * 5 + (1,) * 4 + (2,) * 3 + (3,) * 2 + (4,)


def test_pyramid_availability_opens_from_the_top():
    lay = layout("pyramid", 15)
    present = [True] * 15
    assert lay.available(present) == [15]  # RULES-NOTES B3.3: the first duel uses card 15
    present[14] = False
    assert lay.available(present) == [13, 14]
    present[13 - 1] = False
    assert lay.available(present) == [10, 14]  # 13 held 10 and 11; 11 is still under 14
    present[10 - 1] = False
    assert lay.available(present) == [6, 14]  # 7 stays blocked by 11


def test_initiation_pyramid_of_ten():
    cov = covered_by("pyramid", 10)
    assert cov[10] == {8, 9} and cov[8] == {5, 6} and cov[5] == {1, 2}


def test_inverted_pyramid_top_row_is_available_and_each_lower_card_has_two_coverers():
    lay = layout("inverted", 15)
    assert lay.available([True] * 15) == [11, 12, 13, 14, 15]
    assert lay.rows[0] == 0 and lay.rows.count(0) == 1  # one card at the bottom
    assert all(len(lay.coverers[s]) == 2 for s in range(10))
    present = [True] * 15
    present[10] = False  # slot 11 leaves: slot 7 is still held by slot 12
    assert 7 not in lay.available(present)
    present[11] = False
    assert 7 in lay.available(present)


def test_x_structure_is_an_hourglass():
    assert sizes("x")[:4] == [1, 5, 11, 19]
    lay = layout("x", 11)
    assert [lay.rows.count(r) for r in range(5)] == [3, 2, 1, 2, 3]
    assert lay.available([True] * 11) == [9, 10, 11]
    cov = covered_by("x", 11)
    assert cov[6] == {4, 5}  # the waist covers the two below it
    assert cov[7] == {6} and cov[8] == {6}  # above the waist, cards sit on the single card


def test_columns_cover_straight_down():
    lay = layout("columns", 15)
    assert lay.available([True] * 15) == [11, 12, 13, 14, 15]
    cov = covered_by("columns", 15)
    assert cov[11] == {6} and cov[6] == {1}
    uneven = layout("columns", 12)  # as many as fit: leftmost columns one taller
    assert [uneven.rows.count(r) for r in range(3)] == [5, 5, 2]
    assert uneven.available([True] * 12) == [8, 9, 10, 11, 12]


@pytest.mark.parametrize(
    "structure,n,ok",
    [
        ("pyramid", 15, True),
        ("pyramid", 14, False),
        ("inverted", 10, True),
        ("x", 15, False),
        ("columns", 7, True),
        ("pyramid", 61, False),
    ],
)
def test_fits(structure, n, ok):
    assert fits(structure, n) is ok
    if not ok:
        with pytest.raises(ValueError):
            layout(structure, n)
