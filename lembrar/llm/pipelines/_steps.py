"""Running one language-model step so that any failure becomes a fallback, reported."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from lembrar.errors import LLMError
from lembrar.retrieval.hooks import StepReport

if TYPE_CHECKING:
    from lembrar.llm.client import LLMClient

T = TypeVar("T")

log = logging.getLogger("lembrar.llm")

NO_LLM = "no language model configured"


def attempt(name: str, llm: LLMClient | None, call: Callable[[LLMClient], T]) -> tuple[T | None, StepReport]:
    """``call(llm)`` and a ``used`` report; None and a ``fallback``/``skipped`` report instead of
    raising when the call fails with an LLMError or there is no ``llm``."""
    if llm is None:
        return None, StepReport(name, "skipped", NO_LLM)
    try:
        value = call(llm)
    except LLMError as exc:
        log.warning("%s: using the plain method instead: %s", name, exc)
        return None, StepReport(name, "fallback", f"{type(exc).__name__}: {exc}")
    return value, StepReport(name, "used")
