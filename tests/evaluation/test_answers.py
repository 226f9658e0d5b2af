"""``lembrar bench answers`` end to end, with the scripted OpenAI-protocol server as the reader,
on small LongMemEval and LoCoMo files written in each test's folder."""

from __future__ import annotations

import gzip
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from lembrar.cli import main
from lembrar.embed import get_embedder
from lembrar.evaluation.answers_contexts import build_contexts, oracle_context
from lembrar.evaluation.answers_data import locomo_haystacks, longmemeval_haystacks
from lembrar.testing import FakeOpenAIServer, RecordedRequest, Reply

SESSIONS = {
    "ev-sister": (
        "2023/04/10 (Mon) 10:00",
        ["My sister Ana lives in Lisbon.", "Lisbon is lovely."],
    ),
    "ev-dog": ("2023/03/01 (Wed) 09:00", ["I adopted a dog named Rex.", "Congratulations on Rex!"]),
    "bike": ("2023/04/20 (Thu) 18:00", ["I bought a red bicycle for commuting.", "Enjoy it."]),
    "pasta": ("2023/05/29 (Mon) 20:00", ["I cooked pasta with basil tonight.", "Sounds tasty."]),
}
QUESTIONS = [
    ("q-user", "single-session-user", "Where does my sister Ana live?", "Lisbon", ["ev-sister"]),
    (
        "q-multi",
        "multi-session",
        "What is the name of my dog Rex's aunt Ana's city?",
        "Lisbon",
        ["ev-sister", "ev-dog"],
    ),
    ("q-time", "temporal-reasoning", "What did I buy in April?", "a red bicycle", ["bike"]),
    ("q-none_abs", "single-session-user", "What is my cat called?", "unknown", ["pasta"]),
]
ALL = ("none", "dense", "lembrar", "lembrar-no-facts", "lembrar-no-summaries", "oracle")


def _record(qid, qtype, question, answer, gold, only_gold: bool) -> dict:
    ids = [s for s in SESSIONS if not only_gold or s in gold]
    return {
        "question_id": qid,
        "question_type": qtype,
        "question": question,
        "answer": answer,
        "question_date": "2023/05/30 (Tue) 23:40",
        "haystack_session_ids": ids,
        "haystack_dates": [SESSIONS[s][0] for s in ids],
        "haystack_sessions": [
            [
                {"role": role, "content": text, "has_answer": s in gold and role == "user"}
                for role, text in zip(("user", "assistant"), SESSIONS[s][1], strict=True)
            ]
            for s in ids
        ],
        "answer_session_ids": gold,
    }


def _locomo() -> list[dict]:
    sessions = {
        "session_1": [
            ("Ana", "D1:1", "I started painting sunsets last week."),
            ("Bo", "D1:2", "Lovely!"),
        ],
        "session_1_date_time": "1:56 pm on 8 May, 2023",
        "session_2": [
            ("Ana", "D2:1", "I went kayaking and bungee jumping."),
            ("Bo", "D2:2", "Brave!"),
        ],
        "session_2_date_time": "10:00 am on 20 June, 2023",
        "session_3": [
            ("Ana", "D3:1", "My friend Carla moved to Porto."),
            ("Bo", "D3:2", "Nice city."),
        ],
        "session_3_date_time": "9:15 pm on 1 August, 2023",
    }
    conversation = {
        key: [{"speaker": s, "dia_id": d, "text": t} for s, d, t in value]
        if isinstance(value, list)
        else value
        for key, value in sessions.items()
    }
    qa = [
        {
            "question": "What does Ana paint?",
            "answer": "sunsets",
            "evidence": ["D1:1"],
            "category": 4,
        },
        {
            "question": "When did Ana go kayaking?",
            "answer": "June 2023",
            "evidence": ["D2:1"],
            "category": 2,
        },
        {
            "question": "Where do Ana's friends live?",
            "answer": "Porto",
            "evidence": ["D3:1"],
            "category": 1,
        },
        {
            "question": "Would Ana like adventure?",
            "answer": "yes; she kayaks",
            "evidence": ["D2:1"],
            "category": 3,
        },
        {
            "question": "What did Bo paint?",
            "adversarial_answer": "nothing",
            "evidence": ["D1:1"],
            "category": 5,
        },
    ]
    return [
        {
            "sample_id": "conv-t",
            "conversation": {"speaker_a": "Ana", "speaker_b": "Bo", **conversation},
            "qa": qa,
        }
    ]


@pytest.fixture
def data(tmp_path: Path) -> dict[str, Path]:
    files = {
        "s": [_record(*q, only_gold=False) for q in QUESTIONS],
        "oracle": [_record(*q, only_gold=True) for q in QUESTIONS],
        "locomo": _locomo(),
    }
    paths = {}
    for name, records in files.items():
        paths[name] = tmp_path / f"{name}.json.gz"
        with gzip.open(paths[name], "wt") as handle:
            json.dump(records, handle)
    return paths


def reader(request: RecordedRequest) -> Reply:
    """A judge saying yes when the response holds the correct answer, and a reader answering
    with the first memory line it was given (or "I don't know")."""
    text = request.messages[-1]["content"]
    if "Model Response:" in text:
        gold = re.search(r"(?:Correct Answer|Rubric): (.*?)\n\nModel Response:", text, re.S)
        said = text.split("Model Response:", 1)[1].split("Is the model response correct?")[0]
        return Reply(text="Yes." if gold and gold.group(1).lower() in said.lower() else "No.")
    lines = [
        line[2:] for line in request.messages[0]["content"].splitlines() if line.startswith("- ")
    ]
    return Reply(text=lines[0] if lines else "I don't know.")


def _args(
    results: Path, data: dict[str, Path], data_set: str, server_url: str, *more: str
) -> list[str]:
    source = (
        ["--data", str(data["s"]), "--oracle-data", str(data["oracle"])]
        if data_set == "longmemeval"
        else ["--data", str(data["locomo"])]
    )
    return [
        "bench", "answers", "--set", data_set, "--results", str(results), *source,
        "--questions", "3" if data_set == "longmemeval" else "4",
        "--llm-base-url", server_url, "--llm-model", "fake-reader",
        "--embedder", "hash", "--no-cache", "--no-progress", *more,
    ]  # fmt: skip


def _rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def test_every_condition_answers_the_same_questions_and_is_scored(tmp_path, data, capsys):
    results = tmp_path / "answers.jsonl"
    with FakeOpenAIServer(models=("fake-reader",), default=reader) as server:
        assert main(_args(results, data, "longmemeval", server.base_url)) == 0
        assert main(_args(results, data, "locomo", server.base_url)) == 0
        requests = server.requests
    rows = _rows(results)
    lme = [r for r in rows if r["set"] == "longmemeval"]
    assert {(r["condition"], r["qid"]) for r in lme} == {
        (c, q) for c in ALL for q in ("q-user", "q-multi", "q-time")
    }
    locomo = [r for r in rows if r["set"] == "locomo"]
    assert len(locomo) == 4 * 5 and "oracle" not in {r["condition"] for r in locomo}
    assert {r["group"] for r in locomo} == {"single-hop", "temporal", "multi-hop", "open-domain"}
    # each row: the answer sent back, the judge's verdict on it, and the two other scores
    chats = [r for r in requests if r.path.endswith("/chat/completions")]
    asked = [r for r in rows if "same_as" not in r]
    assert len(chats) == 2 * len(asked)
    for row, ask, judge in zip(asked, chats[::2], chats[1::2], strict=True):
        assert row["question"] in ask.messages[-1]["content"]
        assert "Model Response: " + row["answer"] in judge.messages[-1]["content"]
        assert row["judged"] == row["judge_reply"].lower().startswith("yes")
    # a condition whose prompt is the same as an earlier one's is not asked again
    copies = [r for r in rows if "same_as" in r]
    assert copies, "lembrar and lembrar-no-facts give the same context when no fact is shown"
    for copy in copies:
        first = next(
            r for r in rows if r["condition"] == copy["same_as"] and r["qid"] == copy["qid"]
        )
        assert "same_as" not in first and first["answer"] == copy["answer"]
        assert first["sections"] == copy["sections"]
        assert copy["condition"] != "lembrar-no-facts" or "facts" not in copy["sections"]
    none = next(r for r in lme if r["condition"] == "none" and r["qid"] == "q-user")
    assert none["answer"] == "I don't know." and not none["judged"] and none["f1"] == 0.0
    oracle = next(r for r in lme if r["condition"] == "oracle" and r["qid"] == "q-user")
    assert oracle["judged"] and oracle["contains"] and oracle["f1"] > 0
    out = capsys.readouterr().out
    assert "| longmemeval | oracle | 3 |" in out and "| locomo | lembrar | 4 |" in out
    assert "locomo: no oracle condition" in out


def test_each_condition_builds_the_context_it_claims(data):
    [stack] = [
        h
        for h in longmemeval_haystacks(data["s"], data["oracle"], 3, 0)
        if h.questions[0].qid == "q-user"
    ]
    pending = {"q-user": list(ALL)}
    built = build_contexts(stack, pending, 1600, get_embedder("hash"))
    text = {c: built[c, "q-user"].text for c in ALL}
    sections = {c: built[c, "q-user"].sections for c in ALL}
    assert text["none"] == "" and sections["none"] == ()
    assert sections["dense"] == ("retrieved",)
    assert "## Facts" in text["lembrar"] and "facts" in sections["lembrar"]
    # the summarised store keeps its raw turns searchable (a summary is one more candidate)
    assert "Ana lives in Lisbon" in text["lembrar"]
    assert (
        "## Facts" not in text["lembrar-no-facts"] and "facts" not in sections["lembrar-no-facts"]
    )
    assert "summaries" not in sections["lembrar-no-summaries"]
    assert "## Summaries" not in text["lembrar-no-summaries"]
    assert "Ana lives in Lisbon" in text["lembrar-no-summaries"]
    for condition in ALL:
        assert built[condition, "q-user"].tokens <= 1600


def test_the_oracle_reads_only_the_evidence_sessions(data):
    stacks = {h.questions[0].qid: h for h in longmemeval_haystacks(data["s"], data["oracle"], 3, 0)}
    multi = stacks["q-multi"]
    assert [s.session_id for s in multi.evidence["q-multi"]] == ["ev-sister", "ev-dog"]
    built = build_contexts(multi, {"q-multi": ["oracle"]}, 1600, get_embedder("hash"))
    text = built["oracle", "q-multi"].text
    assert "Conversation ev-sister" in text and "Conversation ev-dog" in text
    assert "bicycle" not in text and "pasta" not in text and "Conversation bike" not in text
    # in time order, whatever the file's order
    assert text.index("ev-dog") < text.index("ev-sister")


def test_the_oracle_keeps_answer_turns_first_within_a_small_budget(data):
    [stack] = [
        h
        for h in longmemeval_haystacks(data["s"], data["oracle"], 3, 0)
        if h.questions[0].qid == "q-multi"
    ]
    small = oracle_context(stack.evidence["q-multi"], stack.now, 100)
    assert small.tokens <= 100
    assert "My sister Ana lives in Lisbon." in small.text
    assert "I adopted a dog named Rex." in small.text
    assert "Congratulations on Rex!" not in small.text and "Lisbon is lovely." not in small.text
    whole = oracle_context(stack.evidence["q-multi"], stack.now, 1600)
    assert "Congratulations on Rex!" in whole.text and "Lisbon is lovely." in whole.text


def test_locomo_questions_come_in_batches_of_one_conversation_fixed_by_seed(data):
    first = locomo_haystacks(data["locomo"], 4, seed=5)
    assert {h.scope for h in first} == {"locomo:conv-t"}
    assert sorted(q.category for h in first for q in h.questions) == [1, 2, 3, 4]
    again = locomo_haystacks(data["locomo"], 4, seed=5)
    assert [h.questions for h in first] == [h.questions for h in again]
    assert not any(h.evidence for h in first)


def test_a_stopped_or_killed_run_resumes_without_duplicates(tmp_path, data):
    results = tmp_path / "answers.jsonl"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    with FakeOpenAIServer(models=("fake-reader",), default=_slow(reader)) as server:
        args = _args(results, data, "longmemeval", server.base_url)
        command = [sys.executable, "-m", "lembrar", *args]
        # Ctrl-C: the run says how far it got (the child takes Ctrl-C as a terminal would give
        # it, even when this test runs in a background job, which starts with SIGINT ignored)
        child = subprocess.Popen(
            command, env=env, stderr=subprocess.PIPE, preexec_fn=_interruptible
        )
        _wait_for_rows(results, 2, child)
        assert _interrupt(child) == 130
        stopped = len(_rows(results))
        assert f"stopped: {stopped} of 18 answers are in {results}" in child.stderr.read().decode()
        # a kill: no word at all, the rows written so far stay
        child = subprocess.Popen(command, env=env, stderr=subprocess.PIPE)
        try:
            _wait_for_rows(results, stopped + 3, child)
        finally:
            child.send_signal(signal.SIGKILL)
            child.wait(timeout=30)
        partial = _rows(results)
        assert stopped + 3 <= len(partial) < 18
        before = len(server.requests)
        assert main(args) == 0
        asked = len([r for r in server.requests[before:] if r.path.endswith("/chat/completions")])
    rows = _rows(results)
    keys = [(r["condition"], r["qid"]) for r in rows]
    assert len(keys) == len(set(keys)) == 18
    assert rows[: len(partial)] == partial
    assert asked == 2 * sum("same_as" not in r for r in rows[len(partial) :])


def _interruptible() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _interrupt(child: subprocess.Popen) -> int:
    """Ctrl-C until the child ends, as a person presses it again: Python drops a Ctrl-C that
    lands while it runs a finalizer ("Exception ignored in ...")."""
    for _ in range(60):
        child.send_signal(signal.SIGINT)
        try:
            return child.wait(timeout=1)
        except subprocess.TimeoutExpired:
            continue
    raise AssertionError("the run did not stop on Ctrl-C")


def _slow(responder):  # type: ignore[no-untyped-def]
    def reply(request: RecordedRequest) -> Reply:
        time.sleep(0.2)
        return responder(request)

    return reply


def _wait_for_rows(path: Path, count: int, child: subprocess.Popen) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if path.exists() and len(path.read_text().splitlines()) >= count:
            return
        if child.poll() is not None:
            raise AssertionError(f"the run ended early: {child.stderr.read().decode()[-2000:]}")
        time.sleep(0.05)
    raise AssertionError("no rows appeared")


def test_a_torn_last_line_is_dropped_and_its_answer_asked_again(tmp_path, data):
    results = tmp_path / "answers.jsonl"
    with FakeOpenAIServer(models=("fake-reader",), default=reader) as server:
        args = _args(results, data, "longmemeval", server.base_url, "--conditions", "none,oracle")
        assert main(args) == 0
        whole = results.read_text()
        results.write_text(whole[: whole.rindex("\n", 0, len(whole) - 1) + 1] + '{"set": "longm')
        assert main(args) == 0
    rows = _rows(results)
    assert len(rows) == 6 and len({(r["condition"], r["qid"]) for r in rows}) == 6


def test_resuming_with_other_settings_is_refused(tmp_path, data, capsys):
    results = tmp_path / "answers.jsonl"
    with FakeOpenAIServer(models=("fake-reader",), default=reader) as server:
        assert (
            main(_args(results, data, "longmemeval", server.base_url, "--conditions", "none")) == 0
        )
        code = main(_args(results, data, "longmemeval", server.base_url, "--budget", "800"))
    assert code != 0
    err = capsys.readouterr().err
    assert "--results" in err and "budget=1600" in err and "Traceback" not in err


def test_summary_is_repeatable_and_hand_checks_measure_agreement(tmp_path, data, capsys):
    results = tmp_path / "answers.jsonl"
    with FakeOpenAIServer(models=("fake-reader",), default=reader) as server:
        assert main(_args(results, data, "longmemeval", server.base_url)) == 0
    capsys.readouterr()
    assert main(["bench", "answers", "--summary", "--results", str(results)]) == 0
    first = capsys.readouterr().out
    assert main(["bench", "answers", "--summary", "--results", str(results)]) == 0
    assert capsys.readouterr().out == first
    assert (
        "condition − dense" in first
        and results.with_suffix(".md").read_text().strip() == first.strip()
    )

    labels = tmp_path / "labels.csv"
    common = ["bench", "answers", "--results", str(results), "--labels", str(labels)]
    assert main([*common, "--hand-check", "5"]) == 0
    lines = labels.read_text().splitlines()
    assert lines[0] == "set,condition,qid,question,gold,answer,containment,judge,correct"
    assert len(lines) == 6
    assert main([*common, "--hand-check", "5"]) != 0  # never overwrites a labelled file
    import csv

    sampled = list(csv.DictReader(labels.open()))
    for row in sampled[:4]:
        row["correct"] = row["judge"]  # the person agrees with the judge on four, skips one
    with labels.open("w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(sampled[0]))
        writer.writeheader()
        writer.writerows(sampled)
    capsys.readouterr()
    assert main([*common, "--agreement"]) == 0
    out = capsys.readouterr().out
    assert "| judge vs label | 100.0 |" in out and "4 labelled answers; 1 left unlabelled" in out


def test_bad_input_names_the_field(tmp_path, data, capsys):
    results = tmp_path / "answers.jsonl"
    assert (
        main(
            [
                "bench",
                "answers",
                "--set",
                "locomo",
                "--data",
                str(data["locomo"]),
                "--results",
                str(results),
            ]
        )
        != 0
    )
    assert "--model-path" in capsys.readouterr().err
    assert (
        main(
            [
                "bench",
                "answers",
                "--set",
                "locomo",
                "--data",
                str(data["locomo"]),
                "--model-path",
                str(tmp_path / "none.gguf"),
            ]
        )
        != 0
    )
    assert "no model file" in capsys.readouterr().err
    assert (
        main(
            [
                "bench",
                "answers",
                "--set",
                "locomo",
                "--data",
                str(data["locomo"]),
                "--conditions",
                "oracle",
                "--llm-base-url",
                "http://127.0.0.1:9/v1",
                "--llm-model",
                "m",
                "--results",
                str(results),
            ]
        )
        != 0
    )
    assert "--conditions" in capsys.readouterr().err
    assert (
        main(["bench", "answers", "--summary", "--results", str(tmp_path / "missing.jsonl")]) != 0
    )
    assert "run the benchmark first" in capsys.readouterr().err


def test_every_command_in_the_docs_parses():
    import shlex

    from lembrar.cli import build_parser

    doc = Path(__file__).parents[2] / "docs" / "answers.md"
    commands = [
        line.split("#")[0].strip()
        for line in doc.read_text().splitlines()
        if line.strip().startswith("lembrar bench answers")
    ]
    assert len(commands) >= 7
    parser = build_parser()
    for command in commands:
        args = parser.parse_args(shlex.split(command.replace("$M", "/models/m.gguf"))[1:])
        assert args.bench == "answers"


def test_the_in_process_reader_needs_the_local_extra(tmp_path, data, capsys):
    try:
        import llama_cpp  # noqa: F401
    except ImportError:
        pass
    else:
        pytest.skip("llama.cpp is installed: this checks the message shown without it")
    model = tmp_path / "reader.gguf"
    model.write_bytes(b"GGUF")
    results = tmp_path / "answers.jsonl"
    args = [
        "bench",
        "answers",
        "--set",
        "locomo",
        "--data",
        str(data["locomo"]),
        "--questions",
        "1",
    ]
    more = ["--conditions", "none", "--model-path", str(model), "--threads", "2"]
    assert main([*args, *more, "--results", str(results), "--no-progress"]) != 0
    err = capsys.readouterr().err
    assert "lembrar[local]" in err and "Traceback" not in err
    assert "stopped: 0 of 1 answers" in err and not results.exists()


@pytest.mark.parametrize(
    ("reader", "field"),
    [
        (["--llm-base-url", "http://127.0.0.1:9/v1"], "--llm-model"),
        (
            ["--llm-base-url", "http://127.0.0.1:9/v1", "--llm-model", "m", "--threads", "0"],
            "--threads",
        ),
    ],
)
@pytest.mark.parametrize(
    "command", [["answers", "--set", "locomo"], ["graph", "quality", "--extractor", "llm"]]
)
def test_both_benchmarks_check_the_reader_options_alike_before_any_work(
    tmp_path, data, capsys, command, reader, field
):
    results = tmp_path / "answers.jsonl"
    where = (
        ["--data", str(data["locomo"]), "--results", str(results)]
        if command[0] == "answers"
        else []
    )
    assert main(["bench", *command, *where, *reader]) != 0
    assert f"{field}:" in capsys.readouterr().err
    assert not results.exists()
