"""Running one optional language-model step so that any failure becomes a fallback, reported."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, TypeVar

from lembrar.errors import LLMError

if TYPE_CHECKING:
    from lembrar.llm.client import LLMClient

T = TypeVar("T")

log = logging.getLogger("lembrar.llm")

NO_LLM = "no language model configured"

Outcome = Literal["used", "fallback", "skipped"]


@dataclass(frozen=True)
class StepReport:
    """What one optional step did: ``used`` its result, fell back (``detail`` says why), or was
    ``skipped`` (not configured)."""

    name: str
    outcome: Outcome
    detail: str = ""

    @property
    def fell_back(self) -> bool:
        return self.outcome == "fallback"


def attempt(
    name: str, llm: LLMClient | None, call: Callable[[LLMClient], T]
) -> tuple[T | None, StepReport]:
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
