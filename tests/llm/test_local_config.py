"""Naming an in-process GGUF model: parsing, precedence, and the errors that say what to do."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from lembrar.errors import MissingExtraError, ValidationError
from lembrar.llm import LLMClient, LLMConfig, LLMNotConfiguredError
from lembrar.llm.local import LocalModel, LocalModelMissingError, file_sha256


def test_lembrar_llm_names_a_local_model_with_its_settings(tmp_path):
    env = {
        "LEMBRAR_LLM": f"local:{tmp_path}/qwen-1.5b.gguf",
        "LEMBRAR_LLM_THREADS": "2",
        "LEMBRAR_LLM_CONTEXT": "8192",
    }
    config = LLMConfig.from_env(env)
    assert config.local == LocalModel(tmp_path / "qwen-1.5b.gguf", threads=2, context=8192)
    assert (config.base_url, config.model) == (f"local:{tmp_path}/qwen-1.5b.gguf", "qwen-1.5b")


def test_local_model_defaults_to_one_thread_and_4k_context():
    config = LLMConfig.from_env({"LEMBRAR_LLM": "local:/m/model.gguf"})
    assert (config.local.threads, config.local.context) == (1, 4096)


def test_local_model_wins_over_a_configured_server_and_keeps_a_named_model():
    env = {
        "LEMBRAR_LLM": "local:/m/model.gguf",
        "LEMBRAR_LLM_BASE_URL": "http://vllm:8000/v1",
        "LEMBRAR_LLM_MODEL": "qwen",
    }
    config = LLMConfig.from_env(env)
    assert config.local is not None and config.model == "qwen"


def test_an_explicit_server_url_wins_over_lembrar_llm():
    env = {"LEMBRAR_LLM": "local:/m/model.gguf", "LEMBRAR_LLM_MODEL": "qwen"}
    config = LLMConfig.from_env(env, base_url="http://vllm:8000/v1")
    assert config.local is None and config.base_url == "http://vllm:8000/v1"


def test_a_local_base_url_argument_is_a_local_model():
    config = LLMConfig.from_env({}, base_url="local:~/models/tiny.gguf")
    assert config.local.path == Path("~/models/tiny.gguf").expanduser()
    assert LLMConfig("local:/m/tiny.gguf", "").model == "tiny"


@pytest.mark.parametrize(
    ("env", "field"),
    [
        ({"LEMBRAR_LLM": "http://localhost:11434/v1"}, "LEMBRAR_LLM"),
        ({"LEMBRAR_LLM": "local:"}, "LEMBRAR_LLM"),
        ({"LEMBRAR_LLM": "local:/m.gguf", "LEMBRAR_LLM_THREADS": "two"}, "LEMBRAR_LLM_THREADS"),
        ({"LEMBRAR_LLM": "local:/m.gguf", "LEMBRAR_LLM_THREADS": "0"}, "LEMBRAR_LLM_THREADS"),
        ({"LEMBRAR_LLM": "local:/m.gguf", "LEMBRAR_LLM_CONTEXT": "100"}, "LEMBRAR_LLM_CONTEXT"),
    ],
)
def test_bad_settings_name_the_variable(env, field):
    with pytest.raises(ValidationError) as caught:
        LLMConfig.from_env(env)
    assert caught.value.field == field


def test_a_missing_file_says_how_to_get_a_model(tmp_path):
    config = LLMConfig.from_env({"LEMBRAR_LLM": f"local:{tmp_path}/absent.gguf"})
    with pytest.raises(LocalModelMissingError) as caught:
        LLMClient(config)
    message = str(caught.value)
    assert str(tmp_path / "absent.gguf") in message and "GGUF" in message
    assert "downloads" in message
    assert isinstance(caught.value, LLMNotConfiguredError)


def test_a_missing_runtime_names_the_extra(tmp_path, monkeypatch):
    model = tmp_path / "model.gguf"
    model.write_bytes(b"GGUF")
    monkeypatch.setitem(sys.modules, "llama_cpp", None)  # as if llama-cpp-python were absent
    with pytest.raises(MissingExtraError) as caught:
        LLMClient(LLMConfig(f"local:{model}", ""))
    assert caught.value.extra == "local"
    assert "pip install 'lembrar[local]'" in str(caught.value)


def test_file_sha256_reads_the_whole_file_in_chunks(tmp_path):
    path = tmp_path / "blob"
    path.write_bytes(b"abc" * 1000)
    import hashlib

    assert file_sha256(path, chunk=7) == hashlib.sha256(b"abc" * 1000).hexdigest()


def test_lembrar_chat_with_a_missing_model_file_is_a_clear_error(tmp_path):
    import os
    import subprocess

    env = {k: v for k, v in os.environ.items() if not k.startswith(("LEMBRAR_LLM", "OPENAI_"))}
    env["LEMBRAR_LLM"] = f"local:{tmp_path}/absent.gguf"
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "lembrar",
            "--db",
            str(tmp_path / "m.db"),
            "--embedder",
            "hash",
            "chat",
        ],
        check=False,
        input="hello\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert proc.returncode == 1
    assert f"no model file at {tmp_path}/absent.gguf" in proc.stderr
    assert "Traceback" not in proc.stderr
