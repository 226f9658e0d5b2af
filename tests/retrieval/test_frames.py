"""Recollection frames are set aside like time phrases, in four languages; a frame word that is
the topic itself stays."""

from datetime import UTC, datetime, timedelta

import pytest

from lembrar import Memory
from lembrar.embed.hashing import HashingEmbedder
from lembrar.retrieval.config import PRESETS
from lembrar.retrieval.frames import set_aside

NOW = datetime(2024, 5, 20, 12, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    "text, topic",
    [
        # asking whether something was discussed
        ("Weren't we discussing gasoline?", "gasoline?"),
        ("Did we ever talk about the new car?", "the new car?"),
        ("a gente falou de gasolina, né?", "gasolina"),
        ("Não conversamos sobre a viagem?", "a viagem?"),
        ("¿No hablamos de la boda?", "la boda?"),
        ("On a parlé du mariage, non ?", "mariage"),
        ("Est-ce qu'on a discuté de la voiture ?", "la voiture?"),
        # recalling that someone said something
        ("You told me about gasoline, didn't you?", "gasoline"),
        ("I remember you said something about your sister.", "your sister."),
        ("Você me disse que ia viajar pra Lisboa", "ia viajar pra Lisboa"),
        ("Me contaste algo sobre tu perro, ¿verdad?", "tu perro"),
        ("Tu m'as dit quelque chose sur ton chien, n'est-ce pas ?", "ton chien"),
        ("Mencionaste el examen, ¿no?", "el examen"),
        # asking what was said
        ("What did I tell you about my knee?", "my knee?"),
        ("Remind me what we said about the budget.", "the budget."),
        ("O que eu te contei sobre o meu cachorro?", "o meu cachorro?"),
        ("¿Qué fue lo que me comentaste acerca de la casa?", "la casa?"),
        ("Qu'est-ce que je t'ai raconté à propos de mon frère ?", "mon frère?"),
    ],
)
def test_frames_are_set_aside(text, topic):
    framed = set_aside(text)
    assert framed.topic == topic and framed.frames


@pytest.mark.parametrize(
    "text",
    [
        "Are you serious?",
        "Why can't we?",
        "We discussed",  # nothing but the frame: kept whole
        "We had a conversation. What was it about?",  # no topic either
        "remember to call mom",
        "Tell me about gasoline",
        "I told my boss about the raise",
        "The talk at the conference was great",
        "a palestra sobre conversas difíceis",
        "no me gusta la conversación",
        "Je parle français",
        "What is the total distance I covered in my four road trips?",
        "I shared a photo of the beach",
    ],
)
def test_text_without_a_frame_is_unchanged(text):
    assert set_aside(text).topic == text and set_aside(text).frames == ()


@pytest.mark.parametrize(
    "text, topical",
    [
        ("What did we talk about?", False),
        ("We had a conversation. What was it about?", False),
        ("Remind me what we discussed.", False),
        ("O que a gente conversou?", False),
        ("¿De qué hablamos?", False),
        ("Did we talk about my back pain?", True),
        ("Are you serious?", True),  # no frame: whatever it says is the topic
        ("remember to call mom", True),
    ],
)
def test_a_text_of_frames_alone_names_no_topic(text, topical):
    assert set_aside(text).topical is topical


def test_a_frame_word_that_is_the_topic_stays():
    assert (
        set_aside("What did we say about the talk at the conference?").topic
        == "the talk at the conference?"
    )
    assert set_aside("Did we talk about my back pain?").topic == "my back pain?"
    assert set_aside("Você me falou da conversa com o chefe?").topic == "conversa com o chefe?"


def test_the_request_searches_the_topic_and_keeps_the_time_window(tmp_path):
    with Memory(tmp_path / "m.db", embedder=HashingEmbedder(), clock=lambda: NOW) as memory:
        request = memory.request("weren't we discussing gasoline back in March?", "ana")
        assert request.semantic == "gasoline?" and request.time is not None and request.time.windows
        assert request.frames == ("back", "weren't we discussing")
        assert memory.request("gasoline prices in March", "ana").frames == ()
        off = memory.request(
            "weren't we discussing gasoline?",
            "ana",
            preset=PRESETS["balanced"].with_(set_aside_frames=False),
        )
        assert off.semantic == "weren't we discussing gasoline?"


def test_the_topic_turn_outranks_chit_chat(tmp_path):
    turns = [
        "Are you serious?",
        "Why can't we talk about it?",
        "What did you say?",
        "We talked a lot.",
        "The gasoline price went up again this week.",
    ]
    with Memory(tmp_path / "m.db", embedder=HashingEmbedder(), clock=lambda: NOW) as memory:
        memory.add([{"role": "user", "content": t} for t in turns], user_id="ana")
        [first] = memory.search("Didn't we talk about gasoline, right?", "ana", k=1)
        assert "gasoline" in first.text


def test_a_question_naming_only_a_time_gets_no_session_support(tmp_path):
    """Session support counts a conversation's matches; a question whose text is a frame and a
    date ("what did we talk about yesterday?") has nothing to match, and is searched without it."""
    chatty = ("let's talk about the bus", "we should talk more", "talk to you later")
    with Memory(tmp_path / "m.db", embedder=HashingEmbedder(), clock=lambda: NOW) as memory:
        memory.add(
            "the bus was late", user_id="ana", session_id="yesterday", at=NOW - timedelta(days=1)
        )
        memory.add(
            [{"role": "user", "content": text} for text in chatty],
            user_id="ana",
            session_id="chatty",
            at=NOW - timedelta(days=7),
        )
        question = "What did we talk about yesterday?"
        assert memory.request(question, "ana").topical is False
        hits = memory.search(question, "ana")
        assert all("session" not in h.signals for h in hits)
        assert hits[0].episode.session_id == "yesterday"  # the named day leads
        topical = memory.search("What did we say about the bus yesterday?", "ana")
        assert memory.request("What did we say about the bus yesterday?", "ana").topical
        assert all("session" in h.signals for h in topical)
