"""Building pydantic models without validating them again, for the engines' hot paths."""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)
_new = object.__new__
_set = object.__setattr__


def unvalidated(cls: type[M], values: dict[str, Any], fields_set: set[str]) -> M:
    """A model of `cls` holding `values` as they are, not validated again: `values` must hold
    every field, in the model's order, of its declared type (what validation would have made),
    and `fields_set` the fields a constructor call would have been given. Used where an engine
    copies states or builds views for every state (validation, or `model_construct`, measured
    slower; engine/athena/visibility.py, engine/mythic/view.py)."""
    model = _new(cls)
    _set(model, "__dict__", values)
    _set(model, "__pydantic_fields_set__", fields_set)
    _set(model, "__pydantic_extra__", None)
    _set(model, "__pydantic_private__", None)
    return model
