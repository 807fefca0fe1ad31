"""One comparison for the engines' fast views (built without validation) against validated ones."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel


def assert_same(
    fast: Any, ref: Any, where: str = "view", all_given_but: frozenset[str] | None = None
) -> None:
    """Recursively: same types (float stays float, lists stay lists), same fields set, same
    values. With `all_given_but`, every model must also have been given every field, but those
    names on the top one (Athena's views are always built so)."""
    assert type(fast) is type(ref), where
    if isinstance(ref, BaseModel):
        assert fast.model_fields_set == ref.model_fields_set, where
        if all_given_but is not None:
            unset = all_given_but if where == "view" else set()
            assert ref.model_fields_set == set(type(ref).model_fields) - unset, where
        assert list(fast.__dict__) == list(ref.__dict__), where
        assert fast.__pydantic_extra__ == ref.__pydantic_extra__, where
        assert fast.__pydantic_private__ == ref.__pydantic_private__, where
        for name in ref.__dict__:
            assert_same(fast.__dict__[name], ref.__dict__[name], f"{where}.{name}", all_given_but)
    elif isinstance(ref, (list, tuple)):
        assert len(fast) == len(ref), where
        for i, (f, r) in enumerate(zip(fast, ref, strict=True)):
            assert_same(f, r, f"{where}[{i}]", all_given_but)
    elif isinstance(ref, dict):
        assert list(fast) == list(ref), where
        for k in ref:
            assert_same(fast[k], ref[k], f"{where}[{k!r}]", all_given_but)
    else:
        assert fast == ref, where
