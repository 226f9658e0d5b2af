"""The import rules of docs/architecture.md, checked by walking every module's ``import``s.

Imports under ``if TYPE_CHECKING:`` are annotations only: the rules on which part may import
which leave them out; the cycle check, the backend names and the store's own rule count them.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "lembrar"

PURE = {"errors", "model", "registry"}
PORTS = PURE | {"temporal", "embed", "store", "llm"}
DOMAIN = PORTS | {"config", "context", "ingest", "retrieval", "layers", "graph"}
CORE = DOMAIN | {"memory", "engines", "tenancy", "tools", "assistant", "proxy"}
INTERFACES = {"api", "cli", "mcp", "ui", "evaluation", "importers", "testing"}

# What each part may import besides itself: a part imports only parts below it.
ALLOWED: dict[str, set[str]] = {
    "errors": set(),
    "model": {"errors"},
    "registry": {"errors"},
    "temporal": PURE,
    "embed": PURE,
    "store": PURE,
    "llm": PURE,
    "config": PURE,
    "context": PURE,
    "ingest": PURE | {"config"},
    "retrieval": PORTS | {"config"},
    "layers": PORTS | {"config", "context", "ingest", "retrieval"},
    "graph": PORTS | {"config", "context", "ingest", "retrieval"},
    "memory": DOMAIN,
    "tenancy": PORTS | {"config", "memory"},
    "engines": PORTS | {"config", "memory", "tenancy"},
    "tools": DOMAIN | {"memory"},
    "assistant": DOMAIN | {"memory", "tools"},
    "proxy": DOMAIN | {"memory"},
    "importers": CORE,
    "testing": CORE,
    "evaluation": CORE | {"importers", "testing"},
    "ui": CORE,
    "api": CORE | {"ui", "importers"},
    "mcp": CORE | {"api"},
    "cli": CORE | INTERFACES,
    "__init__": CORE,
    "__main__": {"cli"},
}

# Third-party names that belong to one folder only.
BACKEND_NAMES = {
    "sqlite3": "store/sqlite",
    "psycopg": "store/postgres",
    "psycopg_pool": "store/postgres",
    "fastapi": "api",
    "starlette": "api",
    "uvicorn": "api",
}


def _modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def _module_name(path: Path) -> str:
    parts = ("lembrar", *path.relative_to(PACKAGE).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(path) for path in _modules()}


def _part(path: Path) -> str:
    return path.relative_to(PACKAGE).parts[0].removesuffix(".py")


def _runtime_imports(path: Path) -> list[str]:
    return _imports(path, annotations=False)


def _all_imports(path: Path) -> list[str]:
    return _imports(path, annotations=True)


def _imports(path: Path, *, annotations: bool) -> list[str]:
    """What ``path`` imports (a ``lembrar`` name resolved to its module), anywhere in the file;
    without ``annotations``, leaving out what it imports under ``if TYPE_CHECKING:``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = set() if annotations else _typing_only(tree)
    names = []
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names += [_resolve(f"{node.module}.{alias.name}") for alias in node.names]
    return names


def _typing_only(tree: ast.Module) -> set[int]:
    """The ids of the nodes inside ``if TYPE_CHECKING:`` blocks."""
    return {
        id(node)
        for branch in ast.walk(tree)
        if isinstance(branch, ast.If) and "TYPE_CHECKING" in ast.unparse(branch.test)
        for statement in branch.body
        for node in ast.walk(statement)
    }


def _resolve(name: str) -> str:
    """``lembrar.x.y.Name`` -> the module it names or comes from (``lembrar.x.y``)."""
    if not name.startswith("lembrar."):
        return name
    while name != "lembrar" and name not in MODULES:
        name = name.rpartition(".")[0]
    return name


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_a_module_imports_only_the_parts_below_it(path):
    part = _part(path)
    assert part in ALLOWED, (
        f"{part!r} is a new part: give it a place in docs/architecture.md and here"
    )
    wrong = sorted(
        {
            name
            for name in _runtime_imports(path)
            if name.startswith("lembrar.")
            and name.split(".")[1] != part
            and name.split(".")[1] not in ALLOWED[part]
        }
    )
    assert not wrong, f"{part}/ may not import {wrong}"


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_backend_names_appear_only_in_their_folder(path):
    where = path.relative_to(PACKAGE).as_posix()
    for name in _all_imports(path):
        home = BACKEND_NAMES.get(name.split(".")[0])
        assert home is None or where.startswith(home + "/"), (
            f"{where} imports {name}, which belongs in {home}/"
        )


def test_a_backend_folder_does_not_import_another_backend():
    for path in _modules():
        where = path.relative_to(PACKAGE).as_posix()
        for backend, other in (
            ("store/sqlite/", "lembrar.store.postgres"),
            ("store/postgres/", "lembrar.store.sqlite"),
        ):
            if where.startswith(backend):
                assert not [n for n in _runtime_imports(path) if n.startswith(other)], where


def test_store_imports_nothing_above_the_model():
    for path in (PACKAGE / "store").rglob("*.py"):
        for name in _all_imports(path):
            if name.startswith("lembrar."):
                assert name.split(".")[1] in {"store", *PURE}, (
                    f"{path.relative_to(PACKAGE)} imports {name}"
                )


def test_there_is_no_import_cycle():
    modules = {_module_name(p): p for p in _modules()}
    edges: dict[str, set[str]] = defaultdict(set)
    for name, path in modules.items():
        edges[name] = {
            target
            for target in _all_imports(path)
            if target in modules and target not in (name, "lembrar")
        }
    cycles = _strongly_connected(modules, edges)
    assert not cycles, f"import cycles: {cycles}"


def _strongly_connected(nodes, edges) -> list[list[str]]:
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in edges[node]:
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in nodes:
        if node not in index:
            visit(node)
    return found


def test_the_cycle_check_counts_imports_made_for_annotations(tmp_path):
    (tmp_path / "parts.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "from lembrar.model.episode import Episode\n"
        "if TYPE_CHECKING:\n"
        "    from lembrar.layers.service import Layers\n",
        encoding="utf-8",
    )
    path = tmp_path / "parts.py"
    assert "lembrar.layers.service" not in _runtime_imports(path)
    assert {"lembrar.model.episode", "lembrar.layers.service"} <= set(_all_imports(path))
    edges = {"a": {"b"}, "b": {"a"}, "c": {"a"}}
    assert _strongly_connected(edges, edges) == [["a", "b"]]
