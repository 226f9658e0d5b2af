"""Shared data and helpers of the layer tests: conversations in four languages, topic messages, row counts."""

from __future__ import annotations

import random
import sqlite3
from datetime import UTC, datetime, timedelta

from lembrar.layers.facts import duplicate_threshold, near_duplicate
from lembrar.retrieval.config import SearchConfig

NOW = datetime(2024, 5, 20, 12, 0, tzinfo=UTC)  # the root conftest's clock
NO_TIME_PARSING = SearchConfig(parse_time=False)

CONVERSATIONS = {
    "feijoada": (
        "pt",
        [
            ("user", "Finalmente fiz feijoada para a família hoje, levou seis horas!"),
            ("assistant", "Seis horas é dedicação. Usou feijão preto e carne de porco defumada?"),
            (
                "user",
                "Sim, feijão preto, linguiça defumada e costela de porco. A minha tia Lúcia deu-me a receita.",
            ),
            ("assistant", "A receita da tia Lúcia parece ótima. Serviu com farofa e couve?"),
        ],
    ),
    "running": (
        "en",
        [
            ("user", "Can you help me plan a 10 km running schedule? I want to race in July."),
            (
                "assistant",
                "Sure: three easy runs a week, one long run on Sundays and a tempo run on Wednesdays.",
            ),
            ("user", "My knees hurt after the long run, should I change my running shoes?"),
            (
                "assistant",
                "Worn running shoes are a common cause; replace them every 600 to 800 km.",
            ),
        ],
    ),
    "paella": (
        "es",
        [
            ("user", "Quiero preparar una paella valenciana para ocho personas este sábado."),
            ("assistant", "Necesitarás arroz bomba, pollo, conejo, judías verdes y azafrán."),
            ("user", "¿Puedo usar arroz normal en lugar de arroz bomba para la paella?"),
        ],
    ),
    "jardin": (
        "fr",
        [
            ("user", "Mes tomates ont des pucerons, que faire sans pesticides ?"),
            ("assistant", "Essayez le savon noir dilué ou des coccinelles dans le potager."),
            ("user", "Le savon noir a marché, les tomates du potager vont mieux."),
        ],
    ),
}


def add_conversation(memory, user_id, session_id, name, at, step=timedelta(minutes=2)):
    """Store one of the CONVERSATIONS as session ``session_id`` starting at ``at``."""
    _, turns = CONVERSATIONS[name]
    return [
        memory.add(
            {"role": role, "content": text},
            user_id=user_id,
            session_id=session_id,
            at=at + i * step,
        )[0]
        for i, (role, text) in enumerate(turns)
    ]


def rows_of_user(db_path, user_id):
    """Every row, in every table, with a column equal to ``user_id``: (table, row count)."""
    db = sqlite3.connect(db_path)
    found = {}
    for (table,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'"):
        columns = [r[1] for r in db.execute(f'PRAGMA table_info("{table}")')]
        if "user_id" in columns:
            count = db.execute(
                f'SELECT COUNT(*) FROM "{table}" WHERE user_id = ?', (user_id,)
            ).fetchone()[0]
            if count:
                found[table] = count
    db.close()
    return found


TOPICS = {
    "rust": [
        "async Rust",
        "tokio runtime",
        "serde derive",
        "trait objects",
        "borrow checker",
        "Rust lifetimes",
        "cargo workspaces",
        "Rust enums",
        "tokio channels",
        "serde_json errors",
    ],
    "cooking": [
        "feijoada",
        "black beans",
        "smoked sausage",
        "pão de queijo",
        "moqueca",
        "farofa",
        "coconut milk",
        "cassava flour",
        "collard greens",
        "pork ribs",
    ],
    "running": [
        "10 km race",
        "tempo run",
        "long run",
        "running shoes",
        "marathon pace",
        "interval training",
        "heart rate zones",
        "shin splints",
        "race day",
        "easy runs",
    ],
    "garden": [
        "tomato plants",
        "compost heap",
        "aphids",
        "raised beds",
        "watering schedule",
        "basil seedlings",
        "pruning roses",
        "mulch",
        "slugs",
        "seed trays",
    ],
}
_JOINS = ["{a}, {b}, {c} and {d}", "{a} and {b}; also {c}, {d}?"]


def topic_messages(per_topic, start, seed=0, topics=TOPICS):
    """``per_topic`` user messages per topic, spread over 120 days from ``start``: (topic, text, at)."""
    rnd = random.Random(seed)
    out = []
    for topic, terms in topics.items():
        for i in range(per_topic):
            a, b, c, d = rnd.sample(terms, 4)
            at = start + timedelta(days=120 * i / per_topic, hours=rnd.randint(0, 10))
            out.append((topic, rnd.choice(_JOINS).format(a=a, b=b, c=c, d=d), at))
    return out


def add_topic_messages(memory, user_id, per_topic, start, seed=0):
    """Store ``topic_messages`` as one session per message; returns {episode id: topic}."""
    items = [
        {"user_id": user_id, "role": "user", "content": text, "at": at, "session_id": f"t{i}"}
        for i, (_, text, at) in enumerate(topic_messages(per_topic, start, seed))
    ]
    episodes = memory.add_many(items)
    return {
        e.id: topic for e, (topic, _, _) in zip(episodes, topic_messages(per_topic, start, seed))
    }


# Calibration pairs for the duplicate threshold: paraphrases of one fact, and different facts.
PARAPHRASES = [
    ("I live in Porto", "I'm living in Porto"),
    ("I work as a nurse", "I'm a nurse"),
    ("I'm learning Japanese", "I am studying Japanese"),
    ("I have two kids", "I have 2 children"),
    ("I prefer short answers", "I like short answers"),
    ("My daughter is called Sofia", "My daughter's name is Sofia"),
    ("I am vegetarian", "Eu sou vegetariano"),
    ("Soy vegetariano", "Yo soy vegetariano"),
]
DIFFERENT = [
    ("I'm a software engineer", "I'm a developer"),
    ("I have a dog", "I have a cat"),
    ("I have two cats", "I have three cats"),
    ("I like jazz", "I like rock"),
    ("I'm vegetarian", "I'm vegan"),
    ("I work at Google", "My brother works at Google"),
    ("I'm learning Japanese", "I'm learning Korean"),
    ("My birthday is March 3", "My wife's birthday is March 3"),
    ("I am a software engineer", "I am a software engineering student"),
    ("I run every morning", "I swim every morning"),
    ("My dog is called Rex", "My cat is called Rex"),
    ("I like tea", "I like coffee"),
]


def merged_pairs(embedder, pairs):
    """For each pair, whether the embedding check calls the second fact a duplicate of the first."""
    threshold = duplicate_threshold(embedder.name)
    vectors = embedder.embed_batch([text for pair in pairs for text in pair])
    return [
        near_duplicate(vectors[2 * i + 1], vectors[2 * i : 2 * i + 1], [a], b, threshold)
        is not None
        for i, (a, b) in enumerate(pairs)
    ]
