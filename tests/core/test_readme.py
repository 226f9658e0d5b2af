"""The README as a reader uses it: its Python runs, its commands parse, its links lead somewhere.

A Python block runs as written, in a temporary directory, with the network closed (every proxy
variable points at a port nothing listens on). A block that needs what a test does not start (a
server, a model) is preceded by ``<!-- not run: why -->``: it is compiled, not run. A
``# → TEXT`` comment in a block is output the block promises: TEXT must appear in what it prints.

Every ``lembrar …`` command in a bash block must parse with the real argument parser and name a
command that runs; each distinct command path also answers ``python -m lembrar PATH --help``.
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from lembrar.cli import build_parser

ROOT = Path(__file__).parents[2]
README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").glob("*.md"))]

FENCE = re.compile(
    r"^(?:<!--\s*not run:(?P<why>[^>]*?)\s*-->\s*\n)?```(?P<lang>[\w-]*)[^\n]*\n(?P<body>.*?)^```",
    re.M | re.S,
)
PROMISE = re.compile(r"#\s*→\s*(?P<text>.+?)\s*$", re.M)
LINK = re.compile(r"!?\[[^\]]*\]\((?P<target>[^)\s]+)(?:\s+\"[^\"]*\")?\)")
HEADING = re.compile(r"^#{1,6}\s+(?P<title>.+?)\s*#*\s*$", re.M)
INLINE_CODE = re.compile(r"`[^`\n]*`")
CLOSED = "http://127.0.0.1:9"  # the discard port: nothing answers there


@dataclass(frozen=True)
class Block:
    lang: str
    body: str
    line: int
    not_run: str | None

    @property
    def name(self) -> str:
        return f"{self.lang}@line{self.line}"


def blocks_of(path: Path) -> list[Block]:
    text = path.read_text(encoding="utf-8")
    found = []
    for match in FENCE.finditer(text):
        fence_line = text.count("\n", 0, match.start("lang")) + 1
        why = match.group("why")
        found.append(Block(match.group("lang"), match.group("body"), fence_line, why))
    return found


README_BLOCKS = blocks_of(README)
PYTHON = [b for b in README_BLOCKS if b.lang == "python"]
BASH = [b for b in README_BLOCKS if b.lang == "bash"]


def offline_env() -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if "proxy" not in key.lower()}
    for key in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy"):
        env[key] = CLOSED
    return {**env, "HF_HUB_OFFLINE": "1", "PYTHONUTF8": "1", "LEMBRAR_DB": "memory.db"}


def test_the_readme_has_runnable_python_and_commands():
    assert [b for b in PYTHON if b.not_run is None], "no Python block runs"
    assert COMMANDS, "no lembrar command in a bash block"


@pytest.mark.slow
@pytest.mark.parametrize("block", [b for b in PYTHON if b.not_run is None], ids=lambda b: b.name)
def test_python_block_runs_as_written(block: Block, tmp_path: Path):
    script = tmp_path / "snippet.py"
    script.write_text(block.body, encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, str(script)],
        cwd=tmp_path,
        env=offline_env(),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, f"README {block.name} failed:\n{proc.stderr}"
    for promise in PROMISE.finditer(block.body):
        assert promise.group("text") in proc.stdout, (
            f"README {block.name} promises {promise.group('text')!r}; it printed:\n{proc.stdout}"
        )


@pytest.mark.parametrize("block", [b for b in PYTHON if b.not_run], ids=lambda b: b.name)
def test_python_block_not_run_still_compiles(block: Block):
    compile(block.body, f"README {block.name}", "exec")


def logical_lines(body: str) -> list[str]:
    return body.replace("\\\n", " ").splitlines()


def words_of(line: str) -> list[str]:
    lexer = shlex.shlex(line, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    return list(lexer)


def is_operator(word: str) -> bool:
    return bool(word) and all(char in "();<>|&" for char in word)


def lembrar_argv(words: list[str]) -> list[str] | None:
    """The arguments after ``lembrar`` when this simple command runs lembrar, else None."""
    while words and re.fullmatch(r"[A-Z_][A-Z0-9_]*=.*", words[0]):
        words = words[1:]
    for index, word in enumerate(words):
        if word != "lembrar" and not word.endswith("/lembrar"):
            continue
        before = words[index - 1] if index else ""
        if index == 0 or before == "-m" or before.endswith(".py"):
            return words[index + 1 :]
    return None


def commands() -> list[tuple[str, list[str]]]:
    found = []
    for block in BASH:
        for line in logical_lines(block.body):
            simple: list[str] = []
            for word in [*words_of(line), ";"]:
                if not is_operator(word):
                    simple.append(word)
                    continue
                argv = lembrar_argv(simple)
                if argv is not None:
                    found.append((f"{block.name}: lembrar {shlex.join(argv)}", argv))
                simple = []
    return found


def subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def command_path(argv: list[str]) -> tuple[str, ...]:
    parser, path = build_parser(), []
    for word in argv:
        choices = subcommands(parser)
        if not choices:
            break
        if word in choices:
            parser = choices[word]
            path.append(word)
    return tuple(path)


COMMANDS = commands()


@pytest.mark.parametrize("argv", [argv for _, argv in COMMANDS], ids=[n for n, _ in COMMANDS])
def test_command_parses_and_names_a_command(argv: list[str], capsys):
    try:
        args = build_parser().parse_args(argv)
    except SystemExit:
        pytest.fail(f"lembrar {shlex.join(argv)} does not parse: {capsys.readouterr().err}")
    assert getattr(args, "run", None), f"lembrar {shlex.join(argv)} names no command to run"


PATHS = sorted({command_path(argv) for _, argv in COMMANDS})


@pytest.mark.parametrize("path", PATHS, ids=lambda p: " ".join(p))
def test_each_command_path_answers_help(path: tuple[str, ...]):
    proc = subprocess.run(
        [sys.executable, "-m", "lembrar", *path, "--help"],
        capture_output=True,
        text=True,
        timeout=300,
        env=offline_env(),
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith(f"usage: lembrar {' '.join(path)}".rstrip()), proc.stdout[:200]


def slug(title: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens."""
    plain = INLINE_CODE.sub(lambda m: m.group(0).strip("`"), title).lower()
    return re.sub(r"[^\w\- ]", "", plain).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    text = strip_code(path.read_text(encoding="utf-8"))
    seen: dict[str, int] = {}
    result = set()
    for match in HEADING.finditer(text):
        base = slug(match.group("title"))
        count = seen.get(base, 0)
        seen[base] = count + 1
        result.add(base if count == 0 else f"{base}-{count}")
    return result


def strip_code(text: str) -> str:
    return INLINE_CODE.sub("", FENCE.sub("", text))


def relative_links(path: Path) -> list[str]:
    text = strip_code(path.read_text(encoding="utf-8"))
    targets = [m.group("target") for m in LINK.finditer(text)]
    return [t for t in targets if not re.match(r"[a-z][a-z0-9+.-]*:", t)]


LINKS = sorted({(page, target) for page in PAGES for target in relative_links(page)})


def test_pages_have_links_to_check():
    assert any(page == README for page, _ in LINKS)


@pytest.mark.parametrize(
    ("page", "target"), LINKS, ids=[f"{p.relative_to(ROOT)}->{t}" for p, t in LINKS]
)
def test_relative_link_leads_to_a_file_and_heading(page: Path, target: str):
    file_part, _, anchor = target.partition("#")
    destination = (page.parent / file_part).resolve() if file_part else page
    assert destination.exists(), f"{page.relative_to(ROOT)} links to missing {file_part}"
    if anchor and destination.suffix == ".md":
        assert anchor in anchors(destination), (
            f"{page.relative_to(ROOT)} links to #{anchor}, no heading of {file_part or page.name}"
        )
