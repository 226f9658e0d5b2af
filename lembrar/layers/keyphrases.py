"""Keyphrases of a group of texts, RAKE/YAKE-style, pure Python (English, Portuguese, Spanish, French).

Candidates are RAKE's: runs of content words between stopwords and punctuation, cut to at most
three words. Each word is scored from YAKE-like statistics over the texts — frequency, spread
(how many texts use it), casing (proper nouns and acronyms) and, when a ``background`` of
document frequencies is given, rarity elsewhere (so a cluster's phrases are what sets it apart).
A phrase scores the mean of its words times how often it occurs as a whole; phrases that repeat
a better one are dropped. Higher is better.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from lembrar.model.text import STOPWORDS, fold_plural, sentence_spans

__all__ = ["Keyphrase", "document_frequencies", "extract", "words_of"]

_WORD = re.compile(r"[^\W_](?:[\w+#]|[-'.](?=\w))*", re.UNICODE)
_BREAK = re.compile(r"[,;:!?()\[\]{}\"“”«»/|…]|\s[-–—]\s|\.(?:\s|$)")

_EXTRA_STOPWORDS = frozenset(
    """
    i'm i've i'd i'll you're it's that's there's don't doesn't didn't can't won't isn't aren't wasn't
    also really just like get got getting go going went want wanted need needs think thought know knew
    make made thing things something anything everything one ones lot lots much many more most some any
    every other another yes yeah ok okay hi hello hey thanks thank please sure well oh ah hmm
    still yet even ever always never maybe perhaps probably actually basically quite rather pretty
    today yesterday tomorrow now then here way time times day days week weeks year years
    good great nice bad best better new old little big first last next same different
    say said tell told ask asked help let lets see look use used using try tried take took give gave
    should shall may might must let's we're they're he's she's isn't there their
    mine yours ours also via per vs etc
    tip tips recommendation recommendations suggestion suggestions idea ideas advice interesting
    particularly especially specific specifically during again him thinking trying changed resources
    area spot point view final turn write info example examples kind sort stuff option options
    question questions answer answers able various usually often sometimes someone somewhere
    lately recently currently looking wondering planning considering interested curious
    remember remind forget lembra lembre lembrar esquece esqueça recuerda recuérdame recordar olvides
    souviens rappelle oublie
    é foi ser estar está estou estava sou tenho temos tem ter fazer faz fiz vou vai ir quero queria
    também muito muita muitos muitas pouco mais menos já ainda sempre nunca hoje ontem amanhã agora
    aqui ali isso isto aquilo esse essa este esta coisa coisas obrigado obrigada olá oi sim não pode
    posso podes acho sei então porque pra pro num numa dum duma lhe lhes te me se vocês você
    es fue ser estar está estoy estaba soy tengo tiene tener hacer hice voy va ir quiero quería
    también mucho mucha muchos muchas poco más menos ya todavía siempre nunca hoy ayer mañana ahora
    aquí allí eso esto ese esa este esta cosa cosas gracias hola sí no puede puedo creo sé entonces
    porque muy pero sin sobre tengo tienes quanto quanta quantos quando onde qual quais cuánto cuánta
    cuándo dónde cuál cuáles qué combien quand où quel quelle quels quelles what which how when where
    être été suis es était avoir ai as a avons faire fait vais va aller veux voulais aussi très
    beaucoup peu plus moins déjà encore toujours jamais aujourd'hui hier demain maintenant ici là
    ça cela ceci chose choses merci bonjour salut oui non peut peux pense sais alors parce mais
    sans sur sous chez leur leurs mon ma mes ton ta tes son sa ses notre nos votre vos j'ai c'est
    qu'il qu'elle n'est d'un d'une l'on
    """.split()
)
STOP = STOPWORDS | _EXTRA_STOPWORDS


@dataclass(frozen=True)
class Keyphrase:
    text: str
    score: float


def words_of(text: str) -> list[str]:
    """The words of ``text`` (keeping inner hyphens, apostrophes and tokens like C++ or C#)."""
    return _WORD.findall(text)


def document_frequencies(texts: Iterable[str]) -> tuple[Counter[str], int]:
    """How many texts use each lower-cased word, and how many texts there were."""
    counts: Counter[str] = Counter()
    total = 0
    for text in texts:
        counts.update({w.lower() for w in words_of(text)})
        total += 1
    return counts, total


def _is_content(word: str) -> bool:
    low = word.lower()
    return low not in STOP and not low.isdigit() and len(low) > 1


def _candidates(text: str) -> Iterable[tuple[list[str], bool]]:
    """Runs of content words (surface forms) and whether each run opens its sentence."""
    for start, end in sentence_spans(text) or [(0, len(text))]:
        sentence_start = True
        for piece in _BREAK.split(text[start:end]):
            run: list[str] = []
            for word in words_of(piece):
                if _is_content(word):
                    run.append(word)
                    continue
                if run:
                    yield run, sentence_start
                run, sentence_start = [], False
            if run:
                yield run, sentence_start
            sentence_start = False


def _ngrams(run: list[str], longest: int) -> Iterable[tuple[str, ...]]:
    for size in range(1, min(longest, len(run)) + 1):
        for i in range(len(run) - size + 1):
            yield tuple(run[i : i + size])


@dataclass
class _Stats:
    phrase_tf: Counter[tuple[str, ...]]
    surface: dict[tuple[str, ...], Counter[str]]
    word_tf: Counter[str]
    word_df: Counter[str]
    word_caps: Counter[str]
    texts: int


def _collect(texts: Sequence[str], longest: int) -> _Stats:
    stats = _Stats(Counter(), {}, Counter(), Counter(), Counter(), len(texts))
    for text in texts:
        seen: set[str] = set()
        for run, opens in _candidates(text):
            for position, word in enumerate(run):
                low = word.lower()
                stats.word_tf[low] += 1
                seen.add(low)
                if (word[0].isupper() and not (opens and position == 0)) or (
                    len(word) > 1 and word.isupper()
                ):
                    stats.word_caps[low] += 1
            for gram in _ngrams(run, longest):
                key = tuple(w.lower() for w in gram)
                stats.phrase_tf[key] += 1
                stats.surface.setdefault(key, Counter())[" ".join(gram)] += 1
        stats.word_df.update(seen)
    return stats


def _word_score(
    word: str, stats: _Stats, background: Mapping[str, int] | None, background_total: int
) -> float:
    tf = stats.word_tf[word]
    spread = stats.word_df[word] / max(stats.texts, 1)
    casing = 1.0 + 0.5 * stats.word_caps[word] / tf
    score = math.log1p(tf) * (0.4 + 0.6 * spread) * casing
    if background is not None and background_total:
        score *= math.log((1 + background_total) / (1 + background.get(word, 0))) + 0.1
    return score


def extract(
    texts: Sequence[str],
    top: int = 8,
    *,
    longest: int = 3,
    background: Mapping[str, int] | None = None,
    background_total: int = 0,
) -> list[Keyphrase]:
    """The ``top`` keyphrases of ``texts``, best first (surface form: the most frequent spelling)."""
    stats = _collect([t for t in texts if t and t.strip()], longest)
    words = {w: _word_score(w, stats, background, background_total) for w in stats.word_tf}
    scored = []
    for key, tf in stats.phrase_tf.items():
        mean = sum(words[w] for w in key) / len(key)
        length = 1.0 + 0.15 * (len(key) - 1) if tf > 1 else 0.6 ** (len(key) - 1)
        scored.append((mean * (1.0 + math.log(tf)) * length, key))
    scored.sort(key=lambda item: (-item[0], item[1]))
    return _distinct(scored, stats, top)


def _distinct(
    scored: list[tuple[float, tuple[str, ...]]], stats: _Stats, top: int
) -> list[Keyphrase]:
    """Best phrases that do not repeat each other; a recurring longer phrase replaces its part."""
    chosen: list[tuple[tuple[str, ...], float]] = []
    for score, key in scored[: 40 * top]:
        stems = {fold_plural(w) for w in key}
        overlap = [
            i for i, (other, _) in enumerate(chosen) if stems & {fold_plural(w) for w in other}
        ]
        if not overlap:
            chosen.append((key, score))
        elif len(overlap) == 1 and _extends(key, chosen[overlap[0]], score, stats):
            chosen[overlap[0]] = (key, chosen[overlap[0]][1])
    chosen = chosen[:top]
    return [
        Keyphrase(stats.surface[key].most_common(1)[0][0], round(score, 6)) for key, score in chosen
    ]


def _extends(
    key: tuple[str, ...], current: tuple[tuple[str, ...], float], score: float, stats: _Stats
) -> bool:
    """Whether ``key`` contains the chosen phrase, recurs, and scores at least half as well."""
    other, other_score = current
    return (
        len(key) > len(other)
        and set(other) <= set(key)
        and stats.phrase_tf[key] > 1
        and score >= 0.5 * other_score
    )
