from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

MODULES = [
    "lembrar.llm",
    "lembrar.llm.client",
    "lembrar.llm.config",
    "lembrar.llm.errors",
    "lembrar.llm.jsonrepair",
    "lembrar.llm.protocol",
    "lembrar.llm.retry",
    "lembrar.llm.sse",
    "lembrar.llm.streaming",
    "lembrar.llm.structured",
    "lembrar.llm.types",
    "lembrar.llm.prompts",
    "lembrar.llm.prompts.answer",
    "lembrar.llm.prompts.date_ranges",
    "lembrar.llm.prompts.hypothetical_memory",
    "lembrar.llm.prompts.insight",
    "lembrar.llm.prompts.memory_record",
    "lembrar.llm.prompts.relevance_filter",
    "lembrar.llm.prompts.session_summary",
    "lembrar.testing",
    "lembrar.testing.openai_server",
]


def isort_order(name: str) -> tuple[int, str]:
    """CONSTANTS, then Classes, then functions (ruff's RUF022 order)."""
    return (0 if name.isupper() else 1 if name[:1].isupper() else 2, name)


@pytest.mark.parametrize("name", MODULES)
def test_all_is_sorted_and_exported(name):
    module = importlib.import_module(name)
    assert list(module.__all__) == sorted(module.__all__, key=isort_order)
    assert all(hasattr(module, attr) for attr in module.__all__)


def test_errors_are_under_the_lembrar_tree():
    from lembrar.errors import ConfigurationError, LLMError
    from lembrar.llm import errors

    for name in errors.__all__:
        error = getattr(errors, name)
        assert issubclass(error, (LLMError, ConfigurationError)), name


def test_importing_the_package_needs_no_extra():
    code = (
        "import sys, lembrar.llm, lembrar.testing\n"
        "assert not {'httpx', 'pydantic'} & set(sys.modules)"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_prompts_without_pydantic_name_the_extra():
    code = (
        "import sys; sys.modules['pydantic'] = None\n"
        "from lembrar.errors import MissingExtraError\n"
        "try:\n    import lembrar.llm.prompts\n"
        "except MissingExtraError as e:\n    assert 'lembrar[llm]' in str(e)\n"
        "else:\n    raise SystemExit('no error')"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
