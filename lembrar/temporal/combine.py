"""Turning raw hits into final ones: longest match wins, then neighbours are joined.

Order matters: weekday lists ("every Monday and Tuesday"), a day and a part of day
("Sunday afternoon"), ranges ("from May 1 to May 10"), "about"/"around", and last
"since"/"until"/"before"/"after".
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta

from lembrar.temporal import dates, windows
from lembrar.temporal.hits import BARE, FILTER, WEAK, WINDOW, Anchor, Context, Hit
from lembrar.temporal.intervals import TOLERANCES, TimeWindow, instants
from lembrar.temporal.rules_relative import amount_of
from lembrar.temporal.text import key

Merge = Callable[[Hit, Hit], "Hit | None"]
_PREVIOUS_WORD = re.compile(r"([\w']+)\s*$")
_POSSESSIVE = re.compile(r"'s(?!\w)")
MIN_LOOKBACK = timedelta(days=30)


def longest(hits: list[Hit]) -> list[Hit]:
    """Non-overlapping hits, preferring longer ones, then higher priority, then earlier."""
    chosen: list[Hit] = []
    for hit in sorted(hits, key=lambda h: (-h.size, -h.priority, h.start)):
        if all(hit.end <= other.start or hit.start >= other.end for other in chosen):
            chosen.append(hit)
    return sorted(chosen, key=lambda h: h.start)


def pairwise(hits: list[Hit], merge: Merge) -> list[Hit]:
    """Join each hit with the one before it wherever ``merge`` says they belong together."""
    result: list[Hit] = []
    for hit in hits:
        joined = merge(result[-1], hit) if result else None
        if joined is None:
            result.append(hit)
        else:
            result[-1] = joined
    return result


def _tail_start(ctx: Context, start: int, name: str) -> int | None:
    """Where the tail word ``name`` starts, when the text before ``start`` ends with one."""
    found = ctx.ends_with(start, name)
    return None if found is None else start - len(ctx.before(start)) + found.start("w")


# -- "Sunday afternoon", "ontem à noite", "un samedi soir" ----------------------------------


def _filters(first: Hit, second: Hit, weekdays: frozenset[int]) -> Hit:
    return Hit(first.start, second.end, role=FILTER, weekdays=weekdays, periods=second.periods)


def day_and_period(ctx: Context, first: Hit, second: Hit) -> Hit | None:
    if second.role not in (FILTER, BARE) or not second.periods:
        return None
    if not ctx.grammar.gaps["join"].fullmatch(ctx.norm, first.end, second.start):
        return None
    if first.role == FILTER and first.weekdays:
        return _filters(first, second, first.weekdays)
    if first.role != WINDOW or first.window is None or first.window.granularity != "day":
        return None
    weekday = first.anchor.weekday if first.anchor and first.anchor.kind == "weekday" else None
    if second.plural and weekday is not None:  # "Saturday mornings"
        return _filters(first, second, frozenset({weekday}))
    window = windows.part_of_day(ctx, first.window.start.date(), second.periods)
    return Hit(first.start, second.end, window)


def weekday_list(ctx: Context, first: Hit, second: Hit) -> Hit | None:
    """ "every Monday and Tuesday": a weekday filter takes the bare weekdays listed after it."""
    if first.role != FILTER or not first.weekdays or first.periods:
        return None
    if second.role == FILTER and second.weekdays and not second.periods:
        extra = second.weekdays
    elif second.anchor and second.anchor.kind == "weekday" and second.anchor.weekday is not None:
        extra = frozenset({second.anchor.weekday})
    else:
        return None
    if not ctx.grammar.gaps["list"].fullmatch(ctx.norm, first.end, second.start):
        return None
    return Hit(first.start, second.end, role=FILTER, weekdays=first.weekdays | extra)


# -- "two weeks ago on Friday", "the Wednesday two months ago", "le mardi d'il y a deux semaines" --


def _bare_weekday(hit: Hit) -> int | None:
    """The weekday a hit names without saying which week: "Friday", "on a Friday", "le mardi"."""
    anchor = hit.anchor
    if hit.role in (WINDOW, WEAK) and anchor and anchor.kind == "weekday":
        return anchor.weekday
    if hit.role == FILTER and len(hit.weekdays) == 1 and not hit.periods:
        return next(iter(hit.weekdays))
    return None


def _weekday_near(ctx: Context, weekday: int, span: Hit) -> TimeWindow | None:
    """The day with ``weekday`` that ``span`` points at: inside a week, or nearest the day an
    "N months ago" names; None where the span is no week and names no day."""
    window = span.window
    if window is None:
        return None
    if window.granularity == "week":
        first = window.start.date()
        return windows.day(ctx, first + timedelta(days=(weekday - first.weekday()) % 7))
    anchor = span.anchor
    if anchor and anchor.kind == "ago" and anchor.year and anchor.month and anchor.day:
        middle = date(anchor.year, anchor.month, anchor.day)
        return windows.day(ctx, middle + timedelta(days=(weekday - middle.weekday() + 3) % 7 - 3))
    return None


def weekday_in_span(ctx: Context, first: Hit, second: Hit) -> Hit | None:
    """A bare weekday next to a week or an "N units ago": that weekday there, not the last one.

    Next to a month ("last month on Saturday") the month stays the window and the weekday
    becomes a filter inside it.
    """
    weekday, span = _bare_weekday(first), second
    if weekday is None:
        weekday, span = _bare_weekday(second), first
    if weekday is None or span.role != WINDOW or span.window is None:
        return None
    if _bare_weekday(span) is not None:
        return None
    if not ctx.grammar.gaps["of"].fullmatch(ctx.norm, first.end, second.start):
        return None
    day = _weekday_near(ctx, weekday, span)
    if day is not None:
        return Hit(first.start, second.end, day, anchor=Anchor("date", *_ymd(day.start.date())))
    if span.window.granularity == "month":
        return replace(span, start=first.start, end=second.end, weekdays=frozenset({weekday}))
    return None


def _ymd(day: date) -> tuple[int, int, int]:
    return day.year, day.month, day.day


def day_in_month(ctx: Context, first: Hit, second: Hit) -> Hit | None:
    """ "on the 3rd of last month", "no dia 5 do mês passado": that day of that month."""
    anchor, window = first.anchor, second.window
    if first.role != WINDOW or anchor is None or anchor.kind != "day" or anchor.day is None:
        return None
    if second.role != WINDOW or window is None or window.granularity != "month":
        return None
    if not ctx.grammar.gaps["of"].fullmatch(ctx.norm, first.end, second.start):
        return None
    base = window.start.date()
    found = dates.safe_date(base.year, base.month, anchor.day)
    if found is None:
        return None
    return Hit(
        first.start, second.end, windows.day(ctx, found), anchor=Anchor("date", *_ymd(found))
    )


# -- "between March and May", "de segunda a quarta", "du 1er au 10 mai" -----------------------


def _on_or_before(ctx: Context, anchor: Anchor, limit: date) -> TimeWindow | None:
    """Where ``anchor`` names no year, its latest occurrence on or before ``limit``."""
    if anchor.kind == "weekday" and anchor.weekday is not None:
        return windows.day(ctx, dates.weekday_on_or_before(limit, anchor.weekday))
    if anchor.kind == "month" and anchor.year is None and anchor.month is not None:
        year = limit.year if anchor.month <= limit.month else limit.year - 1
        return windows.month(ctx, year, anchor.month)
    if anchor.kind == "date" and anchor.year is None and anchor.month and anchor.day:
        found = dates.day_on_or_before(limit, anchor.month, anchor.day)
        return windows.day(ctx, found) if found else None
    return None


def _same_month(ctx: Context, other: TimeWindow, anchor: Anchor | None) -> TimeWindow | None:
    """The day a windowless hit names ("10" in "May 1 to 10") in the month of ``other``."""
    if anchor is None or anchor.day is None:
        return None
    base = other.start.date()
    found = dates.safe_date(base.year, base.month, anchor.day)
    return windows.day(ctx, found) if found else None


def _range_windows(ctx: Context, first: Hit, second: Hit) -> tuple[TimeWindow, TimeWindow] | None:
    if second.window is None:  # "May 1 to 10"
        later = _same_month(ctx, first.window, second.anchor) if first.window else None
        return (first.window, later) if first.window and later else None
    if first.window is None:  # "between 1 and 10 May"
        earlier = _same_month(ctx, second.window, first.anchor)
        return (earlier, second.window) if earlier else None
    earlier = first.window
    if first.anchor is not None:
        earlier = _on_or_before(ctx, first.anchor, second.window.start.date()) or earlier
    return earlier, second.window


def _range_allowed(ctx: Context, first: Hit, second: Hit, from_start: int | None) -> bool:
    if {first.role, second.role} - {WINDOW, WEAK}:
        return False
    gaps = ctx.grammar.gaps
    joined_by_to = gaps["to"].fullmatch(ctx.norm, first.end, second.start)
    joined_by_and = gaps["and"].fullmatch(ctx.norm, first.end, second.start)
    if not (joined_by_to or (joined_by_and and from_start is not None)):
        return False
    if first.role == WEAK and second.role == WEAK:
        kinds = {hit.anchor.kind if hit.anchor else "" for hit in (first, second)}
        return from_start is not None and len(kinds) == 1 and kinds <= {"month", "weekday", "year"}
    return True


def date_range(ctx: Context, first: Hit, second: Hit) -> Hit | None:
    from_start = _tail_start(ctx, first.start, "from")
    if not _range_allowed(ctx, first, second, from_start):
        return None
    found = _range_windows(ctx, first, second)
    if found is None or found[0].start.timestamp() >= found[1].end.timestamp():
        return None
    earlier, later = found
    tolerance = max(earlier.tolerance, later.tolerance, TOLERANCES["range"])
    window = TimeWindow(earlier.start, later.end, "range", tolerance)
    return Hit(first.start if from_start is None else from_start, second.end, window)


# -- "about two weeks ago", "around May 2", "há três semanas, mais ou menos" ------------------


def _about_start(ctx: Context, hit: Hit) -> int | None:
    start = _tail_start(ctx, hit.start, "about")
    if start is not None or not hit.quantity:
        return start
    start = _tail_start(ctx, hit.start, "about_quantity")
    if start is None:
        return None
    previous = _PREVIOUS_WORD.search(ctx.norm, max(0, start - 40), start)
    return None if previous and previous.group(1) in ctx.lex.about_blocked else start


def about(ctx: Context, hit: Hit) -> Hit:
    if hit.role != WINDOW or hit.window is None:
        return hit
    start = _about_start(ctx, hit)
    after = ctx.grammar.heads["about_after"].match(ctx.after(hit.end))
    if start is None and after is None:
        return hit
    return replace(
        hit,
        start=hit.start if start is None else start,
        end=hit.end + after.end() if after else hit.end,
        window=hit.window.approximate(),
    )


# -- "since January", "until Friday", "before Christmas", "after the 10th" ------------------


def _before(first: datetime, second: datetime) -> bool:
    return first.timestamp() < second.timestamp()  # same-zone comparison would ignore fold


def _whole_past(ctx: Context, name: str, window: TimeWindow) -> bool:
    """Whether "until X" / "before X" reaches now: X holds now (and, for "before", is a day or less)."""
    holds_now = not _before(ctx.now, window.start) and _before(ctx.now, window.end)
    return holds_now and (
        name == "until" or name == "before" and window.end - window.start <= timedelta(days=1)
    )


def _lookback(window: TimeWindow) -> timedelta:
    return max(MIN_LOOKBACK, 4 * (window.end - window.start))


def _bounded(ctx: Context, name: str, window: TimeWindow) -> TimeWindow | None:
    now = ctx.now
    if name == "since":
        return instants(window.start, now, "range") if _before(window.start, now) else None
    if name == "after":
        return instants(window.end, now, "range") if _before(window.end, now) else None
    edge = window.start if name == "before" else window.end
    earlier = (edge.astimezone(UTC) - _lookback(window)).astimezone(ctx.zone)
    return TimeWindow(earlier, edge, "soft", TOLERANCES["range"] * 4)


def _shifted(ctx: Context, name: str, start: int, hit: Hit) -> Hit | None:
    """ "two days before Christmas", "the day after last Monday", "uma semana antes do Natal": the
    day that many days or weeks before or after a named day."""
    window = hit.window
    found = ctx.grammar.tails["amount"].search(ctx.before(start))
    if found is None or window is None or window.granularity != "day":
        return None
    unit = ctx.lex.units[key(found.group("u"))]
    text = key(found.group("n")) if found.group("n") else None
    plural = found.group("u").endswith("s")
    if unit not in ("day", "week") or (text is None and plural):
        return None  # "days before Christmas" says no amount
    amount = 1 if text is None else amount_of(ctx, text)
    step = timedelta(days=amount * (7 if unit == "week" else 1))
    day = window.start.date() - step if name == "before" else window.start.date() + step
    shifted = windows.day(ctx, day)
    if unit == "week" or text in ctx.lex.couple:
        shifted = shifted.approximate()
    return replace(
        hit, start=start - len(ctx.before(start)) + found.start(), window=shifted, anchor=None
    )


def bounds(ctx: Context, hit: Hit) -> Hit:
    if hit.role != WINDOW or hit.window is None:
        return hit
    for name in ("before", "after"):
        start = _tail_start(ctx, hit.start, name)
        moved = _shifted(ctx, name, start, hit) if start is not None else None
        if moved is not None:
            return moved
    for name in ("since", "until", "before", "after"):
        start = _tail_start(ctx, hit.start, name)
        if start is None:
            continue
        if _whole_past(ctx, name, hit.window):
            # "before today", "until this week": the whole past, so no window; the phrase still goes
            return replace(hit, start=start, window=None, role=FILTER, anchor=None)
        window = _bounded(ctx, name, hit.window)
        if window is not None:
            return replace(hit, start=start, window=window, anchor=None)
    return hit


def combine(ctx: Context, hits: list[Hit]) -> list[Hit]:
    """The final hits: joined where they belong together, weak and bare leftovers dropped."""
    joined = pairwise(longest(hits), lambda a, b: weekday_list(ctx, a, b))
    joined = pairwise(joined, lambda a, b: weekday_in_span(ctx, a, b))
    joined = pairwise(joined, lambda a, b: day_in_month(ctx, a, b))
    joined = pairwise(joined, lambda a, b: day_and_period(ctx, a, b))
    joined = pairwise(joined, lambda a, b: date_range(ctx, a, b))
    joined = [bounds(ctx, about(ctx, hit)) for hit in joined]
    return [possessive(ctx, hit) for hit in joined if hit.role in (WINDOW, FILTER)]


def possessive(ctx: Context, hit: Hit) -> Hit:
    """ "today's", "last week's": the phrase takes the "'s" along."""
    found = _POSSESSIVE.match(ctx.norm, hit.end)
    return replace(hit, end=found.end()) if found else hit
