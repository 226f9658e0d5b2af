"""Argument types the commands share: each refuses a bad value with the rule it breaks, and
argparse names the option (``error: lembrar import: argument --limit: ...``)."""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable

from lembrar.model.tenancy import TENANT_PATTERN

WHEN_HELP = "an ISO 8601 instant, a day (2023-07-01) or a time phrase ('June 2023', 'last week')"


def counting(least: int) -> Callable[[str], int]:
    """An integer of at least ``least``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < least:
            raise argparse.ArgumentTypeError(f"{value} is too small; give {least} or more")
        return value

    parse.__name__ = "count"
    return parse


positive = counting(1)
non_negative = counting(0)


def tenant_name(text: str) -> str:
    if not re.match(TENANT_PATTERN, text):
        raise argparse.ArgumentTypeError(
            f"{text!r}: use 1-64 letters, digits, '_', '.' or '-', starting with a letter or digit"
        )
    return text


def port_number(text: str) -> int:
    value = counting(1)(text)
    if value > 65535:
        raise argparse.ArgumentTypeError(f"{value} is not a port; give 1-65535")
    return value


def described(parser: argparse.ArgumentParser, option: str, text: str) -> None:
    """Give ``option`` of ``parser`` its help text after it was added."""
    for action in parser._actions:
        if option in action.option_strings:
            action.help = text
            return
    raise KeyError(option)
