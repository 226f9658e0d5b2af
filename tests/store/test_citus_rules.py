"""The PostgreSQL schema and queries obey Citus's rules for distributing by tenant, read from
the migrations and the store's SQL (Citus itself cannot run here).

A distributed table's primary key, unique constraints and foreign keys must include the
distribution column (``tenant_id``), a foreign key must point at a co-located distributed
table or at a reference table, and a join between distributed tables must match on it. The
tables docs/postgres.md distributes and replicates are exactly the migrations' tables."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from lembrar.store.postgres import migrations

ROOT = Path(__file__).parents[2]
POSTGRES = ROOT / "lembrar" / "store" / "postgres"
COLUMN = "tenant_id"
REFERENCE = {"meta", "migrations", "tenants", "api_keys"}  # small, read across tenants


def _schema() -> str:
    return "\n".join(sql for _, sql in migrations.MIGRATIONS) + "\n" + migrations._MIGRATIONS_TABLE


def _tables() -> dict[str, str]:
    """Each table's CREATE TABLE body."""
    found = {}
    for name, body in re.findall(
        r"CREATE TABLE (?:IF NOT EXISTS )?(\w+)\s*\((.*?)\)\s*;?\s*(?=CREATE|INSERT|$|\Z)",
        _schema(),
        re.S,
    ):
        found[name] = body
    return found


def _columns_of(clause: str) -> set[str]:
    return {c.strip().split()[0] for c in clause.split(",") if c.strip()}


def _distributed(tables: dict[str, str]) -> dict[str, str]:
    return {name: body for name, body in tables.items() if name not in REFERENCE}


def key_problems(tables: dict[str, str]) -> list[str]:
    """Distributed tables without the column, or with a key that lacks it."""
    broken = []
    for name, body in _distributed(tables).items():
        if not re.search(rf"(^|[(,])\s*{COLUMN}\b", body, re.M):
            broken.append(f"{name}: no {COLUMN} column")
        keys = re.findall(r"PRIMARY KEY\s*\(([^)]*)\)", body)
        inline = re.findall(r"^\s*(\w+)\s+\w+[^,\n]*PRIMARY KEY", body, re.M)
        inline += re.findall(r",\s*(\w+)\s+\w+[^,\n]*PRIMARY KEY", body)
        if inline or not keys:
            broken.append(f"{name}: primary key {inline or 'missing'} lacks {COLUMN}")
        for clause in keys + re.findall(r"UNIQUE\s*\(([^)]*)\)", body):
            if COLUMN not in _columns_of(clause):
                broken.append(f"{name}: key ({clause}) lacks {COLUMN}")
    return broken


def foreign_key_problems(tables: dict[str, str]) -> list[str]:
    """Foreign keys between distributed tables without the column on both sides, and reference
    tables pointing at distributed ones."""
    broken = []
    for name, body in _distributed(tables).items():
        for mine, target, theirs in re.findall(
            r"FOREIGN KEY\s*\(([^)]*)\)\s*REFERENCES\s+(\w+)\s*\(([^)]*)\)", body
        ):
            if target in REFERENCE:
                continue
            if COLUMN not in _columns_of(mine) or COLUMN not in _columns_of(theirs):
                broken.append(f"{name} -> {target}: ({mine}) / ({theirs})")
        for column, target in re.findall(
            r"(?:^|,)\s*(\w+)\s[^,\n]*?\bREFERENCES\s+(\w+)", body, re.M
        ):
            if target not in REFERENCE and column != "FOREIGN":
                broken.append(f"{name}.{column} -> {target}: a one-column reference")
    for name in REFERENCE & set(tables):
        for target in re.findall(r"REFERENCES\s+(\w+)", tables[name]):
            if target not in REFERENCE:
                broken.append(f"reference table {name} -> distributed {target}")
    return broken


def _store_sql() -> list[str]:
    """Every string in the PostgreSQL store's modules (f-string holes as ``?``)."""
    found = []
    for path in sorted(POSTGRES.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                found.append(node.value)
            elif isinstance(node, ast.JoinedStr):
                found.append(
                    "".join(
                        str(v.value) if isinstance(v, ast.Constant) else "?" for v in node.values
                    )
                )
    return found


_JOIN = re.compile(
    r"\bJOIN\s+(?!LATERAL\b)(\w+)(?:\s+(?:AS\s+)?(?!ON\b)(\w+))?\s+ON\s+(.*?)"
    r"(?=\bJOIN\b|\bWHERE\b|\bGROUP\b|\bORDER\b|\bLIMIT\b|\bUNION\b|;|\Z)",
    re.S | re.I,
)


def joins(texts: list[str]) -> list[tuple[str, str]]:
    """Each join (table, condition) in ``texts``."""
    return [(table, on) for text in texts for table, _, on in _JOIN.findall(text)]


def test_every_distributed_table_has_the_column_and_keys_that_include_it():
    tables = _tables()
    assert len(_distributed(tables)) >= 20, sorted(tables)  # the parse sees the schema
    assert key_problems(tables) == []


def test_every_foreign_key_includes_the_column_on_both_sides_or_names_a_reference_table():
    assert foreign_key_problems(_tables()) == []


def test_every_join_of_the_store_matches_on_the_tenant():
    found = joins(_store_sql())
    assert len(found) >= 10, found  # the scan sees the store's joins
    assert [j for j in found if COLUMN not in j[1] and j[0] not in REFERENCE] == []


def test_the_docs_distribute_every_table_and_replicate_the_rest():
    docs = (ROOT / "docs" / "postgres.md").read_text()
    distributed = set(re.findall(r"create_distributed_table\('(\w+)', 'tenant_id'", docs))
    replicated = set(re.findall(r"create_reference_table\('(\w+)'\)", docs))
    tables = _tables()
    assert distributed == set(_distributed(tables))
    assert replicated == REFERENCE & set(tables)


def test_the_checks_see_what_breaks_the_rules():
    bad = {
        "inline": "tenant_id text NOT NULL, id text PRIMARY KEY",
        "loose": "tenant_id text, id text, PRIMARY KEY (tenant_id, id), UNIQUE (id)",
        "fk": "tenant_id text, x text, PRIMARY KEY (tenant_id, x),\n"
        "FOREIGN KEY (x) REFERENCES loose (id)",
        "tenants": "tenant_id text PRIMARY KEY, owner text REFERENCES loose (id)",
    }
    assert [p.split(":")[0] for p in key_problems(bad)] == ["inline", "loose"]
    assert len(foreign_key_problems(bad)) == 2
    cross = joins(["SELECT 1 FROM saved_memories m JOIN chain c ON m.replaced_by = c.id WHERE"])
    assert cross == [("chain", "m.replaced_by = c.id ")]
