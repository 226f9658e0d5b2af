"""Every extension point registers and finds its entries the same way."""

from __future__ import annotations

import pytest

from lembrar.cli import COMMANDS
from lembrar.embed import EMBEDDERS
from lembrar.errors import ConfigurationError, MissingExtraError
from lembrar.importers import FORMATS
from lembrar.registry import Registry
from lembrar.retrieval.rerank import RERANKERS
from lembrar.store import BACKENDS


def test_entries_are_found_by_name_and_paths_are_imported_on_use():
    points: Registry[object] = Registry("widget")
    points.register("json", "json:dumps")
    points.register("double", lambda x: 2 * x)
    assert points.names() == ["json", "double"] and "json" in points and "xml" not in points
    assert points.create("json", [1]) == "[1]" and points.create("double", 4) == 8


def test_an_unknown_name_lists_the_registered_ones():
    points: Registry[object] = Registry("widget")
    points.register("b", int)
    points.register("a", int)
    with pytest.raises(ConfigurationError, match=r"widget: unknown name 'c'; registered: a, b"):
        points.load("c")


def test_a_missing_optional_package_names_its_extra():
    points: Registry[object] = Registry("widget")
    points.register("fancy", "no_such_package_for_lembrar.module:Thing", extra="fancy")
    points.register("plain", "no_such_package_for_lembrar.module:Thing")

    def needs_a_package():
        import no_such_package_for_lembrar  # noqa: F401

    points.register("lazy", needs_a_package, extra="lazy")
    with pytest.raises(MissingExtraError, match=r"pip install 'lembrar\[fancy\]'"):
        points.create("fancy")
    with pytest.raises(MissingExtraError, match=r"lembrar\[lazy\]"):
        points.create("lazy")
    with pytest.raises(ImportError) as caught:
        points.create("plain")
    assert not isinstance(caught.value, MissingExtraError)


def test_the_extension_points_are_registries_with_their_built_in_entries():
    assert {"use-m3", "hash", "minilm", "e5-small"} <= set(EMBEDDERS.names())
    assert {"sqlite", "postgresql"} <= set(BACKENDS.names())
    assert {"jsonl", "locomo", "longmemeval", "dailydialog"} <= set(FORMATS.names())
    assert {"episodes", "io", "serve", "memories"} <= set(COMMANDS.names())
    assert isinstance(RERANKERS, Registry)
