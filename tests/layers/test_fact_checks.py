"""Duplicate and contradiction checks between saved facts, and the calibrated threshold."""

import pytest
from layerkit import DIFFERENT, merged_pairs

from lembrar.embed import get_embedder
from lembrar.layers.facts import compare

CONFLICTS = [
    ("I'm an engineer", "I'm not an engineer"),
    ("I live in Lisbon", "I live in Porto"),
    ("I am vegetarian", "I eat meat"),
    ("Sou engenheiro", "Não sou engenheiro"),
    ("Eu moro no Porto", "Não moro no Porto"),
    ("Soy ingeniero", "No soy ingeniero"),
    ("Je suis ingénieur", "Je ne suis pas ingénieur"),
    ("J'aime la viande", "Je n'aime pas la viande"),
    ("My wife is called Ana", "My wife is called Rita"),
    ("My favourite colour is blue", "My favorite color is green"),
    ("Me llamo Juan", "Me llamo Pedro"),
    ("I'm 34 years old", "I'm 43 years old"),
    ("I smoke", "I no longer smoke"),
    ("I'm married", "I'm single"),
    ("Eu moro no Porto", "I live in Lisbon"),
]
RELATED = [
    ("I'm a software engineer", "I'm a developer"),
    ("I'm vegetarian", "I'm vegan"),
    ("I live in Porto", "I live in Porto, Portugal"),
    ("I have two cats", "I have three cats"),
    ("I'm not vegetarian", "I eat meat"),
    ("My birthday is March 3", "My wife's birthday is March 3"),
]
DUPLICATES = [
    ("I'm vegetarian", "I am a vegetarian."),
    ("My wife's name is Ana", "My wife is called Ana"),
    ("Eu sou vegetariano", "Sou vegetariano"),
]


@pytest.mark.parametrize("old, new", CONFLICTS)
def test_direct_contradictions_conflict(old, new):
    assert compare(new, old).kind == "conflict"
    assert compare(old, new).kind == "conflict"


@pytest.mark.parametrize("old, new", RELATED)
def test_related_facts_coexist(old, new):
    assert compare(new, old).kind == "related"


@pytest.mark.parametrize("old, new", DUPLICATES)
def test_restatements_are_duplicates(old, new):
    assert compare(new, old).kind == "duplicate"


def test_hash_threshold_never_merges_different_facts():
    assert not any(merged_pairs(get_embedder("hash"), DIFFERENT))
