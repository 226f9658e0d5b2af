"""What reading time phrases with dateparser costs a user who writes a language outside en/pt/es/fr.

    python benchmarks/other_language_time.py [--rounds 40]

Times ``parse_time`` on German questions with the user's language set (the grammar finds nothing,
dateparser reads the phrase) and unset (the grammar alone), in the same process; prints what each
question became, then median and p95 per call and the ratio of the medians. Needs the [dates] extra.
"""

from __future__ import annotations

import argparse
import statistics
import time
from datetime import datetime
from zoneinfo import ZoneInfo

from lembrar.temporal import parse_time

ZONE = "Europe/Berlin"
NOW = datetime(2026, 11, 22, 15, 0, tzinfo=ZoneInfo(ZONE))
QUESTIONS = (
    "Was habe ich vor zwei Wochen gekauft?",
    "Worüber haben wir gestern geredet?",
    "Was war letzte Woche?",
    "Wie heißt mein Zahnarzt?",
    "Im Mai war ich in Berlin",
    "Was habe ich letzten Monat gegessen?",
)


def timings(language: str | None, rounds: int) -> list[float]:
    out = []
    for _ in range(rounds):
        for question in QUESTIONS:
            start = time.perf_counter()
            parse_time(question, NOW, ZONE, language=language)
            out.append((time.perf_counter() - start) * 1000)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=40)
    rounds = parser.parse_args().rounds
    for question in QUESTIONS:
        parsed = parse_time(
            question, NOW, ZONE, language="de"
        )  # the first call also loads dateparser
        print(
            f"{question!r}: "
            f"{[(w.phrase, w.start.date().isoformat(), w.granularity) for w in parsed.windows]} -> {parsed.stripped!r}"
        )
    medians = {}
    for language in ("de", None):
        values = sorted(timings(language, rounds))
        medians[language] = statistics.median(values)
        print(
            f"language={language}: median {medians[language]:.2f} ms, p95 "
            f"{values[int(0.95 * len(values))]:.2f} ms, {len(values)} calls"
        )
    print(f"ratio of medians (de / unset): {medians['de'] / medians[None]:.1f}x")


if __name__ == "__main__":
    main()
