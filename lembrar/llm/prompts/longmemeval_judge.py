"""LongMemEval's own answer check (its ``evaluate_qa.py``), per question type; a yes/no reply.

The wording is the benchmark's, kept as it is so that judged accuracies follow its rules.
"""

from __future__ import annotations

from string import Template

from lembrar.llm.prompts._common import fill
from lembrar.llm.types import Message

__all__ = ["RESPONSE", "VERSION", "render", "verdict"]

VERSION = "1"

_HEAD = (
    "I will give you a question, a correct answer, and a response from a model. Please answer "
    "yes if the response contains the correct answer. Otherwise, answer no. "
)
_STEPS = (
    "If the response is equivalent to the correct answer or contains all the intermediate "
    "steps to get the correct answer, you should also answer yes. If the response only "
    "contains a subset of the information required by the answer, answer no."
)
_OFF_BY_ONE = (
    " In addition, do not penalize off-by-one errors for the number of days. If the "
    "question asks for the number of days/weeks/months, etc., and the model makes "
    "off-by-one errors (e.g., predicting 19 days when the answer is 18), the model's "
    "response is still correct."
)
_UPDATE = (
    "If the response contains some previous information along with an updated answer, the "
    "response should be considered as correct as long as the updated answer is the "
    "required answer."
)
_PREFERENCE = (
    "I will give you a question, a rubric for desired personalized response, and a "
    "response from a model. Please answer yes if the response satisfies the desired "
    "response. Otherwise, answer no. The model does not need to reflect all the points "
    "in the rubric. The response is correct as long as it recalls and utilizes the "
    "user's personal information correctly."
)
_TAIL = (
    "\n\nQuestion: $question\n\n$label: $answer\n\nModel Response: $response\n\n"
    "Is the model response correct? Answer yes or no only."
)

PROMPTS = {
    "default": Template(_HEAD + _STEPS + _TAIL),
    "temporal-reasoning": Template(_HEAD + _STEPS + _OFF_BY_ONE + _TAIL),
    "knowledge-update": Template(_HEAD + _UPDATE + _TAIL),
    "single-session-preference": Template(_PREFERENCE + _TAIL),
}

RESPONSE = None
"""Free text: ``yes`` or ``no`` (read with :func:`verdict`)."""


def render(question_type: str, question: str, answer: str, response: str) -> list[Message]:
    """The judge's one user message for a question of ``question_type``."""
    template = PROMPTS.get(question_type, PROMPTS["default"])
    label = "Rubric" if question_type == "single-session-preference" else "Correct Answer"
    text = fill(template, question=question, label=label, answer=answer, response=response)
    return [{"role": "user", "content": text}]


def verdict(reply: str) -> bool:
    """Whether the judge said yes (the benchmark checks for ``yes`` in the lower-cased reply)."""
    return "yes" in reply.lower()
