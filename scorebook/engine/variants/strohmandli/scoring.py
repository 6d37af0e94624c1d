"""Strohmandli's scoring of a read deal: each player's result points as one line, then the
deal and its match. Lean on purpose: this runs for every deal of every replay (Lines and
dataclasses are the main cost, so a deal books one line per scoring player plus one).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorebook.engine.messages import Msg, msg, nmsg, pmsg
from scorebook.engine.types import Entry, Line, Session
from scorebook.engine.variants._match import joined
from scorebook.engine.variants.strohmandli.record import Hand
from scorebook.engine.variants.strohmandli.state import Match, State
from scorebook.engine.variants.strohmandli.tariffs import (
    BASE_VALUES,
    CAPTURES_BASE,
    CAPTURES_VARIANT,
    CHAIN_MADE,
    FIGURE_NAMES,
    LABELS,
    OFFENCE_NAMES,
    TOTAL_CARD_POINTS,
    VARIANT_VALUES,
    VOLAT_EXCLUDED,
)

# What "highest only" keeps, by highest_only_scope == "threshold_chain".
ONLY = {
    True: msg("the highest of játék, kassza, duplajáték, volát"),
    False: msg("the single highest figure"),
}


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else (f"−{-n}" if n < 0 else "0")


# -- score: each player's result points as one line, then the deal and its match --------
# Lean on purpose: this runs for every deal of every replay (Lines and dataclasses are the
# main cost, so a deal books one line per scoring player plus one).


def score(session: Session, state: State, number: int, hand: Hand) -> tuple[State, list[Entry]]:
    """The deal's lines (§13.4), the state after it and its entry."""
    players = session.players
    a, b = players
    rules = session.house_rules
    points = hand.points
    others, excluded = _figures(hand, a, b)
    lines: list[Line] = []
    ra = _seat_lines(lines, rules, hand, a, b, others[a], excluded[a])
    rb = _seat_lines(lines, rules, hand, b, a, others[b], excluded[b])
    new_state, n, sa, sb, ended = _advance(session, state, number, hand.dealer, ra, rb)
    lines.append(_deal_line(a, b, ra, rb, n, sa, sb, ended))
    summary = msg(
        "{a} {result_a} – {b} {result_b} result points ({points_a}:{points_b} card points)",
        a=a,
        result_a=ra,
        b=b,
        result_b=rb,
        points_a=points[a],
        points_b=points[b],
    )
    entry = Entry.from_lines(
        kind="hand",
        number=number,
        dealer=hand.dealer,
        players=players,
        pot_names=(),
        lines=lines,
        summary=summary,
    )
    return new_state, [entry]


def _figures(hand: Hand, a: str, b: str) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """§13.4 item 1: each player's figures besides the point chain, in the spec's order,
    and those a volát leaves out ("volátban nem számít", Strohmandli-változat)."""
    points, captures = hand.points, hand.captures
    volat = points[a] == TOTAL_CARD_POINTS or points[b] == TOTAL_CARD_POINTS
    others: dict[str, list[str]] = {a: [], b: []}
    excluded: dict[str, list[str]] = {a: [], b: []}
    for code in CAPTURES_BASE + CAPTURES_VARIANT:
        who = captures[code]
        if who is not None:
            if volat and code in VOLAT_EXCLUDED:
                excluded[who].append(code)
            else:
                others[who].append(code)
    for who, kind in hand.announced:
        others[who].append(kind)
    return others, excluded


def _kept(
    chain: tuple[str, ...], made: list[str], rules: Mapping[str, Any], values: Mapping[str, int]
) -> tuple[list[str], list[str]]:
    """§13.4 item 2, figure_scoring (§7.1): the figures that count and those that do not."""
    if rules["figure_scoring"] != "highest_only":
        return [*chain, *made], []
    if rules["highest_only_scope"] == "threshold_chain":
        return [*chain[-1:], *made], list(chain[:-1])
    every = [*chain, *made]
    if not every:
        return [], []
    best = max(values[code] for code in every)
    top = next(code for code in every if values[code] == best)
    return [top], [code for code in every if code != top]


def _seat_lines(
    lines: list[Line],
    rules: Mapping[str, Any],
    hand: Hand,
    me: str,
    you: str,
    made: list[str],
    excluded: list[str],
) -> int:
    """Books one player's result points (the opponent pays them); returns them."""
    variant = rules["ruleset"] == "house_variant"
    values = VARIANT_VALUES if variant else BASE_VALUES
    labels = LABELS[variant]
    mine = hand.points[me]
    kept, lost = _kept(CHAIN_MADE[mine], made, rules, values)
    total = 0
    parts: list[Msg] = []
    for code in kept:
        total += values[code]
        parts.append(labels[code][0])
    total += _credits(rules, hand, you, parts)
    if parts:
        lines.append(
            Line(
                nmsg(
                    "{me}, {points} card points: {parts} = {count} result point, {you} pays {count}",
                    "{me}, {points} card points: {parts} = {count} result points, "
                    "{you} pays {count}",
                    total,
                    me=me,
                    points=mine,
                    parts=joined(parts),
                    you=you,
                ),
                {me: total, you: -total},
            )
        )
    if lost or excluded:
        _not_counted(lines, rules, labels, me, lost, excluded)
    return total


def _not_counted(
    lines: list[Line],
    rules: Mapping[str, Any],
    labels: Mapping[str, tuple[Msg, Msg]],
    me: str,
    lost: list[str],
    excluded: list[str],
) -> None:
    """Books, in words only, the figures a player made that do not count: by figure_scoring
    highest_only, or in a volát."""
    if lost:
        chain_scope = rules["highest_only_scope"] == "threshold_chain"
        lines.append(
            Line(
                msg(
                    "{me}: not counted ({figures}): by the house rules only {kept} counts",
                    me=me,
                    figures=joined([labels[c][1] for c in lost], ", "),
                    kept=ONLY[chain_scope],
                )
            )
        )
    if excluded:
        lines.append(
            Line(
                msg(
                    "{me}: not counted in a volát: {figures}",
                    me=me,
                    figures=joined([labels[c][1] for c in excluded], ", "),
                )
            )
        )


def _credits(rules: Mapping[str, Any], hand: Hand, you: str, parts: list[Msg]) -> int:
    """§13.4 item 3: the credits for the opponent's failures and offences (never removed
    by figure_scoring); adds their parts, returns their sum."""
    total = 0
    failed_penalty: int = rules["failed_ulti_penalty"]
    if failed_penalty:
        for key, what in (("pagatulti_failed", "pagatulti"), ("uhu_failed", "uhu")):
            if hand.captures[key] == you:
                total += failed_penalty
                parts.append(
                    msg(
                        "{who}'s failed {figure} {points}",
                        who=you,
                        figure=FIGURE_NAMES[what],
                        points=failed_penalty,
                    )
                )
    revoke_points: int | None = rules["revoke_penalty_points"]
    if revoke_points is not None:
        for who, kind in hand.offences:
            if who == you:
                total += revoke_points
                parts.append(
                    msg(
                        "{offence} by {who} {points}",
                        offence=OFFENCE_NAMES[kind],
                        who=you,
                        points=revoke_points,
                    )
                )
    return total


def _deal_line(
    a: str, b: str, ra: int, rb: int, n: int, sa: int, sb: int, ended: str | None
) -> Line:
    """The deal's result points and, in words only, its match: matches never move money
    (§10)."""
    text = msg(
        "result points {a} {result_a}, {b} {result_b}: {a} {result_a} − {result_b} = {delta}, "
        "{b} {minus}; match {number}: {a} {match_a} – {b} {match_b}",
        a=a,
        result_a=ra,
        b=b,
        result_b=rb,
        delta=_signed(ra - rb),
        minus=_signed(rb - ra),
        number=n,
        match_a=sa,
        match_b=sb,
    )
    if ended is None:
        text = pmsg("strohmandli match", "{text}, drawn", text=text)
    elif ended:
        text = pmsg("strohmandli match", "{text}, {winner} wins the match", text=text, winner=ended)
    return Line(text)


def _advance(
    session: Session, state: State, number: int, dealer: str, ra: int, rb: int
) -> tuple[State, int, int, int, str | None]:
    """The state after a deal; the match's number and scores; how it ended: "" running,
    None drawn, else the winner."""
    a, b = session.players
    rules = session.house_rules
    # Next dealer (§12 item 9): equal RP always alternates.
    rotation = rules["dealer_rotation"]
    if rotation == "alternate" or ra == rb:
        next_dealer = b if dealer == a else a
    elif rotation == "loser_deals":
        next_dealer = a if ra < rb else b
    else:
        next_dealer = a if ra > rb else b
    # Matches (§10): after a match ends, the next deal starts a new one at 0 – 0.
    if state.first_deal:
        first = state.first_deal
        sa, sb = state.scores[0] + ra, state.scores[1] + rb
    else:
        first, sa, sb = number, ra, rb
    n = state.played + 1
    target: int | None = rules["target_points"]
    length: int | None = rules["match_deals"]
    # Past the target with unequal scores (equal: play on), or the fixed length reached
    # (equal: a drawn match).
    if (target is not None and (sa >= target or sb >= target) and sa != sb) or (
        length is not None and number - first + 1 >= length
    ):
        winner = a if sa > sb else b if sb > sa else None
        match = Match(first, number, (sa, sb), True, winner)
        ended = State(next_dealer, played=n, last=match, done=(*state.done, match))
        return ended, n, sa, sb, winner
    running = State(next_dealer, first, number, (sa, sb), state.played, state.last, state.done)
    return running, n, sa, sb, ""
