"""`/bl muster` with neither `army:` nor `units:` says which armies may be mustered now (issue
25: a refusal says what fits now), in English and French."""

from __future__ import annotations

import pytest

from engine.battlelore.table.shortcuts import muster
from engine.errors import IllegalCommand
from engine.i18n import render
from engine.plugins import TableContext


def test_an_empty_muster_names_the_armies_that_fit():
    ctx = TableContext(locale="en", legal=["army greek1", "army greek2"])
    with pytest.raises(IllegalCommand) as refused:
        muster(ctx)
    assert render(refused.value.text, "en") == (
        "Give an army (saved or starter) or units. Armies you may muster now: `army:greek1`, `army:greek2`."
    )
    assert render(refused.value.text, "fr").endswith(
        "Armées possibles maintenant\u00a0: `army:greek1`, `army:greek2`."
    )
