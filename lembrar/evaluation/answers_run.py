"""An answer run: for every question and condition, build the context, let the reader answer,
let the same reader judge the answer with the benchmark's judge prompt, score, append the row.

The reader is any :class:`~lembrar.llm.client.LLMClient`: a GGUF file run in this process
(``--model-path``) or an OpenAI-protocol server (``--llm-base-url``). LongMemEval questions are
judged with the prompt of their question type; LoCoMo has no judge prompt of its own, so its
answers get LongMemEval's default one. Rows already in the results file are skipped.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lembrar.errors import ValidationError
from lembrar.evaluation.answers_contexts import Context, build_contexts, conditions_for
from lembrar.evaluation.answers_data import (
    Haystack,
    Question,
    locomo_haystacks,
    longmemeval_haystacks,
)
from lembrar.evaluation.answers_results import RowWriter, check_same_run, read_rows
from lembrar.evaluation.answers_scores import contains, locomo_f1, locomo_gold
from lembrar.evaluation.harness import bench_embedder, progress_bar

if TYPE_CHECKING:
    from lembrar.llm.client import LLMClient
    from lembrar.llm.config import LLMConfig

__all__ = ["Progress", "Reader", "RunSettings", "reader_config", "run_answers", "scored_row"]

ANSWER_TOKENS = 64
JUDGE_TOKENS = 8
LOCAL_TIMEOUT = 1800.0
SERVER_TIMEOUT = 600.0
EXAMPLE_MODEL = (
    "/models/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf"  # the reader of the published runs
)


@dataclass(frozen=True)
class RunSettings:
    data_set: str
    results: Path
    data: Path
    oracle: Path | None
    conditions: tuple[str, ...]
    questions: int
    seed: int = 0
    budget: int = 1600
    embedder: str = "use-m3"
    cache_dir: Path | None = None
    progress: bool = True


@dataclass
class Reader:
    """The model that answers and judges; ``name`` is recorded in every row."""

    client: LLMClient
    name: str

    def answer(self, question: Question, context: Context) -> tuple[str, float]:
        from lembrar.llm.prompts import short_answer

        prompt = short_answer.render(question.question, memories=context.text, now=question.now)
        return self._ask(prompt, ANSWER_TOKENS)

    def judge(self, question: Question, answer: str) -> tuple[str, float]:
        from lembrar.llm.prompts import longmemeval_judge

        prompt = longmemeval_judge.render(
            question.judge_type, question.question, question.gold, answer
        )
        return self._ask(prompt, JUDGE_TOKENS)

    def _ask(self, prompt: Any, max_tokens: int) -> tuple[str, float]:
        began = time.perf_counter()
        text = self.client.chat(prompt, temperature=0.0, max_tokens=max_tokens).text
        return text.strip(), time.perf_counter() - began

    def close(self) -> None:
        self.client.close()


def reader_config(
    *,
    model_path: str | None,
    threads: int,
    base_url: str | None,
    model: str | None,
    api_key: str | None = None,
) -> LLMConfig:
    """The reader: a GGUF file run in this process, or an OpenAI-protocol server; a
    ValidationError naming the option when one is missing, wrong or names no file."""
    from lembrar.llm.config import LLMConfig
    from lembrar.llm.local import LocalModel, LocalModelMissingError

    if bool(model_path) == bool(base_url):
        raise ValidationError(
            "--model-path",
            "name one reader: --model-path FILE.gguf, or --llm-base-url URL with --llm-model NAME",
        )
    if threads < 1:
        raise ValidationError("--threads", "use 1 or more threads")
    if base_url and not model:
        raise ValidationError(
            "--llm-model", "name the model the server runs, e.g. --llm-model llama3.2"
        )
    if model_path:
        local = LocalModel(Path(model_path).expanduser(), threads=threads)
        try:
            local.check()
        except LocalModelMissingError:
            raise ValidationError(
                "--model-path",
                f"no model file at {model_path}; give the path of a GGUF chat model on disk "
                f"(e.g. --model-path {EXAMPLE_MODEL}): nothing is downloaded",
            ) from None
        return LLMConfig(
            base_url=local.spec, model="", local=local, timeout=LOCAL_TIMEOUT, max_retries=0
        )
    return LLMConfig.from_env(
        {}, base_url=base_url, model=model, api_key=api_key, timeout=SERVER_TIMEOUT
    )


def open_reader(config: LLMConfig) -> Reader:
    from lembrar.llm.client import LLMClient

    return Reader(LLMClient(config), config.model)


def haystacks(settings: RunSettings) -> list[Haystack]:
    if settings.data_set == "longmemeval":
        if settings.oracle is None and "oracle" in settings.conditions:
            raise ValidationError("--oracle-data", "the oracle condition needs the oracle file")
        return longmemeval_haystacks(
            settings.data, settings.oracle, settings.questions, settings.seed
        )
    return locomo_haystacks(settings.data, settings.questions, settings.seed)


@dataclass
class Progress:
    """How many of a run's answers are in the results file, kept current as rows are added;
    ``wanted`` names them ((condition, question) of ``data_set``)."""

    total: int = 0
    done: int = 0
    data_set: str = ""
    wanted: frozenset[tuple[str, str]] = frozenset()

    def in_file(self, results: Path) -> int:
        """The run's answers the results file holds now: the count to report after a stop (a
        stop can land between a row's write and its count)."""
        rows = read_rows(results) if results.exists() else []
        found = {(r["condition"], r["qid"]) for r in rows if r["set"] == self.data_set}
        return len(found & self.wanted)


def run_answers(
    settings: RunSettings, reader_name: str, open_model: Callable[[], Reader], progress: Progress
) -> None:
    """Answer every pending (condition, question), counting in ``progress``. The reader is
    opened only when something is left to answer."""
    conditions = conditions_for(settings.data_set, settings.conditions)
    if "oracle" in settings.conditions and "oracle" not in conditions:
        _say(f"{settings.data_set}: no oracle condition (the set has no evidence-only file)")
    if not conditions:
        raise ValidationError("--conditions", f"none of them applies to {settings.data_set}")
    run = _run_fields(settings, reader_name)
    rows = read_rows(settings.results)
    check_same_run(rows, settings.data_set, run)
    stacks = haystacks(settings)
    done = {(r["condition"], r["qid"]) for r in rows if r["set"] == settings.data_set}
    wanted = [(c, q.qid) for h in stacks for q in h.questions for c in conditions]
    progress.total, progress.done = len(wanted), sum(key in done for key in wanted)
    progress.data_set, progress.wanted = settings.data_set, frozenset(wanted)
    _say(
        f"{settings.data_set}: {len(wanted) // max(len(conditions), 1)} questions x "
        f"{len(conditions)} conditions = {len(wanted)} answers; {progress.done} already in "
        f"{settings.results}, {len(wanted) - progress.done} to go"
    )
    if progress.done < progress.total:
        _answer_all(settings, stacks, conditions, done, run, open_model, progress)


def _answer_all(
    settings: RunSettings,
    stacks: Sequence[Haystack],
    conditions: Sequence[str],
    done: set[tuple[str, str]],
    run: dict[str, Any],
    open_model: Callable[[], Reader],
    progress: Progress,
) -> None:
    embedder = bench_embedder(settings.embedder, settings.cache_dir)
    reader = open_model()
    writer = RowWriter(settings.results)
    bar = progress_bar(
        progress.total - progress.done, settings.data_set, settings.progress, unit="answer"
    )
    spent: list[float] = []
    try:
        for stack in stacks:
            pending = {
                q.qid: [c for c in conditions if (c, q.qid) not in done] for q in stack.questions
            }
            if not any(pending.values()):
                continue
            contexts = build_contexts(stack, pending, settings.budget, embedder)
            for question in stack.questions:
                by_prompt: dict[str, dict[str, Any]] = {}
                for condition in pending[question.qid]:
                    context = contexts[condition, question.qid]
                    earlier = by_prompt.get(context.text)
                    row = (
                        {**earlier, "condition": condition, "same_as": earlier["condition"]}
                        if earlier
                        else _answered(reader, question, condition, context)
                    )
                    by_prompt.setdefault(context.text, row)
                    writer.write({**row, **run})
                    progress.done += 1
                    if not earlier:
                        spent.append(row["answer_seconds"] + row["judge_seconds"])
                    bar.update(1)
                    bar.set_postfix_str(f"{sum(spent) / len(spent):.1f} s/q")
    finally:
        bar.close()
        writer.close()
        reader.close()


def _answered(
    reader: Reader, question: Question, condition: str, context: Context
) -> dict[str, Any]:
    answer, answer_seconds = reader.answer(question, context)
    said, judge_seconds = reader.judge(question, answer)
    return scored_row(question, condition, context, answer, said, answer_seconds, judge_seconds)


def scored_row(
    question: Question,
    condition: str,
    context: Context,
    answer: str,
    said: str,
    answer_seconds: float,
    judge_seconds: float,
) -> dict[str, Any]:
    """One result row: the question, the answer and its three scores (pure)."""
    from lembrar.llm.prompts.longmemeval_judge import verdict

    return {
        "set": question.set,
        "condition": condition,
        "qid": question.qid,
        "group": question.group,
        "question": question.question,
        "gold": question.gold,
        "answer": answer,
        "judge_reply": said,
        "judged": verdict(said),
        "contains": contains(answer, locomo_gold(question.gold, question.category)),
        "f1": round(locomo_f1(answer, question.gold, question.category), 4),
        "context_tokens": context.tokens,
        "sections": list(context.sections),
        "answer_seconds": round(answer_seconds, 3),
        "judge_seconds": round(judge_seconds, 3),
    }


def _run_fields(settings: RunSettings, reader_name: str) -> dict[str, Any]:
    return {
        "reader": reader_name,
        "budget": settings.budget,
        "seed": settings.seed,
        "questions": settings.questions,
    }


def _say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)
