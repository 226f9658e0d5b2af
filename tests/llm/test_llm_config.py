from __future__ import annotations

import pytest

from lembrar.errors import ConfigurationError, ValidationError
from lembrar.llm import LLMConfig, LLMNotConfiguredError
from lembrar.llm.config import OPENAI_BASE_URL, ollama_url


def test_explicit_arguments_win_over_everything():
    env = {
        "LEMBRAR_LLM_BASE_URL": "http://env/v1",
        "LEMBRAR_LLM_MODEL": "env",
        "LEMBRAR_LLM_API_KEY": "k",
    }
    config = LLMConfig.from_env(env, base_url="http://arg/v1/", model="arg", api_key="a", timeout=5)
    assert (config.base_url, config.model, config.api_key, config.timeout) == (
        "http://arg/v1",
        "arg",
        "a",
        5,
    )


def test_lembrar_variables_win_over_openai_and_ollama():
    env = {
        "LEMBRAR_LLM_BASE_URL": "http://vllm:8000/v1",
        "LEMBRAR_LLM_MODEL": "qwen",
        "LEMBRAR_LLM_API_KEY": "lk",
        "OPENAI_BASE_URL": "https://openrouter.ai/api/v1",
        "OPENAI_API_KEY": "ok",
        "OPENAI_MODEL": "gpt",
        "OLLAMA_HOST": "localhost",
    }
    assert LLMConfig.from_env(env) == LLMConfig("http://vllm:8000/v1", "qwen", "lk")


def test_openai_variables():
    env = {
        "OPENAI_BASE_URL": "https://api.deepseek.com/v1",
        "OPENAI_API_KEY": "ok",
        "OPENAI_MODEL": "deepseek-chat",
    }
    assert LLMConfig.from_env(env) == LLMConfig(
        "https://api.deepseek.com/v1", "deepseek-chat", "ok"
    )


def test_an_openai_key_alone_means_openai():
    env = {"OPENAI_API_KEY": "ok", "LEMBRAR_LLM_MODEL": "gpt-4o-mini", "OLLAMA_HOST": "localhost"}
    assert LLMConfig.from_env(env) == LLMConfig(OPENAI_BASE_URL, "gpt-4o-mini", "ok")


def test_lembrar_model_wins_over_openai_model():
    env = {"OPENAI_API_KEY": "ok", "OPENAI_MODEL": "gpt-4o", "LEMBRAR_LLM_MODEL": "gpt-4o-mini"}
    assert LLMConfig.from_env(env).model == "gpt-4o-mini"


def test_openai_key_is_not_sent_to_another_server():
    env = {
        "LEMBRAR_LLM_BASE_URL": "http://localhost:11434/v1",
        "LEMBRAR_LLM_MODEL": "llama3.2",
        "OPENAI_API_KEY": "ok",
    }
    assert LLMConfig.from_env(env).api_key is None


def test_ollama_host():
    env = {"OLLAMA_HOST": "0.0.0.0:11434", "LEMBRAR_LLM_MODEL": "llama3.2", "OPENAI_MODEL": "gpt"}
    assert LLMConfig.from_env(env) == LLMConfig("http://0.0.0.0:11434/v1", "llama3.2", None)


@pytest.mark.parametrize(
    ("host", "url"),
    [
        ("localhost", "http://localhost:11434/v1"),
        ("127.0.0.1:8080", "http://127.0.0.1:8080/v1"),
        ("https://ollama.example.com", "https://ollama.example.com:11434/v1"),
        ("http://box:11434/", "http://box:11434/v1"),
    ],
)
def test_ollama_url(host, url):
    assert ollama_url(host) == url


def test_nothing_configured_says_how():
    with pytest.raises(LLMNotConfiguredError) as caught:
        LLMConfig.from_env({})
    message = str(caught.value)
    assert "LEMBRAR_LLM_BASE_URL=http://localhost:11434/v1" in message
    assert "LEMBRAR_LLM_MODEL=llama3.2" in message
    assert isinstance(caught.value, ConfigurationError)


def test_a_server_without_a_model_names_the_variable():
    with pytest.raises(LLMNotConfiguredError, match="LEMBRAR_LLM_MODEL"):
        LLMConfig.from_env({"OLLAMA_HOST": "localhost"})


def test_from_env_or_none():
    assert LLMConfig.from_env_or_none({}) is None
    assert LLMConfig.from_env_or_none({"OLLAMA_HOST": "localhost"}) is None
    assert LLMConfig.from_env_or_none({}, base_url="http://x/v1", model="m") == LLMConfig(
        "http://x/v1", "m"
    )


def test_reads_os_environ_only_when_called(monkeypatch):
    for name in (
        "LEMBRAR_LLM_API_KEY",
        "OPENAI_BASE_URL",
        "OPENAI_API_KEY",
        "OPENAI_MODEL",
        "OLLAMA_HOST",
    ):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LEMBRAR_LLM_BASE_URL", "http://late:1234/v1")
    monkeypatch.setenv("LEMBRAR_LLM_MODEL", "late")
    assert LLMConfig.from_env().base_url == "http://late:1234/v1"


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"base_url": "localhost:11434"}, "base_url"),
        ({"model": ""}, "model"),
        ({"timeout": 0}, "timeout"),
        ({"max_retries": -1}, "max_retries"),
    ],
)
def test_invalid_settings(kwargs, field):
    with pytest.raises(ValidationError) as caught:
        LLMConfig(**{"base_url": "http://x/v1", "model": "m", **kwargs})
    assert caught.value.field == field


def test_repr_hides_the_key():
    assert "secret" not in repr(LLMConfig("http://x/v1", "m", "secret"))
