"""Snapszer (two-player Schnapsen, 20 Hungarian cards): spec `two_player_games.md`.

A deal is won by reaching 66 (tricks plus valid marriages) or, failing that, by the last
trick; the winner scores 1, 2 or 3 game points by the loser's points and tricks (§4,
RECOVERED). A Bummerl is played to 7 game points (§10); optionally a match is several
Bummerls. Closing the talon is a house rule (§12 item 3).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorebook.engine.facts import NO_RULES, Figure, HandFacts, generic_facts
from scorebook.engine.messages import Msg, msg, nmsg, pmsg
from scorebook.engine.record import Reader
from scorebook.engine.shape import BOOL, INT, PLAYER, TEXT, Choice, When, fields
from scorebook.engine.types import HouseRule, Session
from scorebook.engine.variants._match import (
    BUMMERL,
    MATCH,
    MATCH_GROUP,
    CheckedRule,
    Deal,
    MatchRule,
    ToTarget,
    TwoPlayerGame,
    int_list_checker,
    other,
    required_bool,
)

# §4 "Snapszer game points" (RECOVERED; the seed's prize table is lost, seed 003 "Snapszer"):
# loser with a trick and ≥ 33 points → g1, with a trick and < 33 → g2, without a trick → g3.
GAME_POINTS = [1, 2, 3]  # JSON-like default of the house rule; never mutated
LOSER_THRESHOLD = 33  # §4: "33 or more" (half of 66)
MAX_LOSER_POINTS = 65  # §2: the loser never reached 66
MIN_TRICK_POINTS = 4  # §13.3: a trick holds two cards worth at least 2 each
LAST_TRICK_MIN = 55  # §4: the last-trick winner has ≤ 65, so the loser ≥ 120 − 65
PLAYED_OUT = ("reached_66", "last_trick")  # the loser's tricks and points count (§4)
WIN_BY = (*PLAYED_OUT, "closer_failed", "forfeit")
WIN_BY_NAMES = {
    "reached_66": pmsg("snapszer choice", "reached 66"),
    "last_trick": pmsg("snapszer choice", "took the last trick"),
    "closer_failed": pmsg("snapszer choice", "the closer failed"),
    "forfeit": pmsg("snapszer choice", "forfeit (revoke)"),
}
CLOSING = ("reached_66", "closer_failed")  # a closer reached 66 or failed (§13.3)
RESULT = fields(
    winner=PLAYER.but(label=msg("Won the deal")),
    win_by=TEXT.but(
        label=msg("How"),
        choices=tuple(Choice(how, WIN_BY_NAMES[how]) for how in WIN_BY),
        default="reached_66",
    ),
    loser_took_trick=BOOL.but(
        label=pmsg("snapszer field", "Loser's tricks"),
        choices=(
            Choice(False, pmsg("snapszer choice", "no trick (schwarz)")),
            Choice(True, pmsg("snapszer choice", "took a trick")),
        ),
        default=True,
        when=When("result.win_by", PLAYED_OUT),
    ),
    loser_points=INT.but(
        label=pmsg("snapszer field", "Loser's points (cards + marriages)"),
        help=pmsg("snapszer field", "at the moment of closing, if the winner closed"),
        lo=0,
        hi=MAX_LOSER_POINTS,
        when=When("result.win_by", PLAYED_OUT),
    ),
    # closed_by and the trick at the closing: only with the house rule snapszer_closing
    closed_by=PLAYER.but(
        label=pmsg("snapszer field", "Closed the talon"), when=When("result.win_by", CLOSING)
    ),
    winner_had_trick_at_closing=BOOL.but(
        label=pmsg(
            "snapszer field",
            "The closer failed: had the winner taken a trick when the talon was closed?",
        ),
        choices=(Choice(True, msg("yes")), Choice(False, msg("no"))),  # no default: asked
        when=When("result.win_by", ("closer_failed",)),
    ),
)

RULES: tuple[HouseRule, ...] = (
    CheckedRule(
        "snapszer_game_points",
        GAME_POINTS,
        "json",
        msg(
            "game points [g1, g2, g3]: loser ≥ 33 points; loser < 33 with a trick; loser without a trick"
        ),
        checker=int_list_checker(3, 1),
        label=pmsg("snapszer house rule", "Game points"),
    ),
    HouseRule(
        "snapszer_target",
        7,
        "int",
        msg("game points that win a Bummerl"),
        group=MATCH_GROUP,
        minimum=1,
        label=pmsg("snapszer house rule", "Bummerl target"),
    ),
    HouseRule(
        "snapszer_matches_to_win",
        1,
        "int",
        msg("Bummerls that win the match (the federation plays 2)"),
        group=MATCH_GROUP,
        minimum=1,
        label=pmsg("snapszer house rule", "Bummerls per match"),
    ),
    HouseRule(
        "snapszer_closing",
        False,
        "bool",
        msg("closing the talon (takarás) is allowed and recorded"),
        label=pmsg("snapszer house rule", "Closing the talon (takarás)"),
    ),
    HouseRule(
        "revoke_game_points",
        2,
        "int",
        msg("game points to the non-offender of a forfeited deal (revoke)"),
        minimum=1,
        label=msg("Revoke penalty"),
    ),
)


def _tariff(g: tuple[int, int, int], loser: str, took: bool, points: int) -> tuple[int, Msg]:
    """The game points a loser's tricks and points are worth, with the reason (§4)."""
    if not took:
        return g[2], msg("{loser} took no trick", loser=loser)
    if points >= LOSER_THRESHOLD:
        return g[0], msg(
            "{loser} has {points} points (≥ {threshold}) and a trick",
            loser=loser,
            points=points,
            threshold=LOSER_THRESHOLD,
        )
    return g[1], msg(
        "{loser} has {points} points (< {threshold}) and a trick",
        loser=loser,
        points=points,
        threshold=LOSER_THRESHOLD,
    )


def _forfeit(session: Session, winner: str) -> Deal:
    """§9, §13.3: a forfeited deal; only the winner is read, the other fields are ignored."""
    pts = session.house_rules["revoke_game_points"]
    loser = other(session.players, winner)
    why = nmsg(
        "forfeit: {loser} loses the deal for a rule breach → {count} game point to {winner}",
        "forfeit: {loser} loses the deal for a rule breach → {count} game points to {winner}",
        pts,
        loser=loser,
        winner=winner,
    )
    return Deal(
        [(winner, pts, why)],
        winner,
        msg("{winner} +{points} (forfeit)", winner=winner, points=pts),
    )


def _check_no_closing(res: Reader, win_by: str | None) -> None:
    """Without the house rule `snapszer_closing` nobody closes the talon."""
    if res.has("closed_by"):
        res.problems.add(
            res.path("closed_by"),
            msg("closing the talon is not played here (the house rules leave it out)"),
        )
    if win_by == "closer_failed":
        res.problems.add(
            res.path("win_by"),
            msg("‘the closer failed’ needs closing the talon, which the house rules leave out"),
        )


def _read_failed_close(res: Reader, closed_by: str | None, winner: str | None) -> bool | None:
    """§13.3 `closer_failed`: the closer is the loser; his trick and points are ignored.

    Returns `winner_had_trick_at_closing`."""
    if not res.has("closed_by"):
        res.problems.add(
            res.path("closed_by"), msg("is required: the player who closed the talon and failed")
        )
    elif closed_by is not None and winner is not None and closed_by == winner:
        res.problems.add(
            res.path("closed_by"), msg("the failed closer is the loser, not the winner")
        )
    return required_bool(res, "winner_had_trick_at_closing")


def _check_played_close(
    res: Reader, win_by: str, closed_by: str | None, winner: str | None
) -> None:
    """A deal not lost by a failed close: no `winner_had_trick_at_closing`, and a closer
    who won by reaching 66."""
    if res.raw("winner_had_trick_at_closing") is not None:
        res.problems.add(
            res.path("winner_had_trick_at_closing"),
            msg("is recorded only when the closer failed"),
        )
    if closed_by is None:
        return
    if win_by == "last_trick":
        res.problems.add(
            res.path("closed_by"),
            msg("after a close the last trick decides nothing: the closer reached 66 or failed"),
        )
    elif winner is not None and closed_by != winner:
        res.problems.add(
            res.path("closed_by"),
            msg("a closer who lost is recorded as ‘How’: ‘the closer failed’"),
        )


def _read_loser(res: Reader) -> tuple[bool | None, int | None]:
    """`loser_took_trick` and `loser_points`, which must agree (§13.3)."""
    took = required_bool(res, "loser_took_trick")
    # A loser without a trick has no points: "no trick (schwarz)" says it all, nothing to type.
    points = res.integer(
        "loser_points", lo=0, hi=MAX_LOSER_POINTS, default=0 if took is False else None
    )
    if took is False and res.raw("loser_points") is None:
        res.infer("loser_points", 0)
    if took is False and points is not None and points != 0:
        res.problems.add(
            res.path("loser_points"),
            msg("a loser without a trick has 0 points, not {points}", points=points),
        )
    if took is True and points is not None and points < MIN_TRICK_POINTS:
        res.problems.add(
            res.path("loser_points"),
            msg(
                "a loser with a trick has at least {least} points, not {points}",
                least=MIN_TRICK_POINTS,
                points=points,
            ),
        )
    return took, points


def _check_last_trick(res: Reader, took: bool | None, points: int | None) -> None:
    """§4: when the last trick decides, the loser took tricks and has ≥ 55 points."""
    if took is False:
        res.problems.add(
            res.path("loser_took_trick"),
            msg("when the last trick decides, the loser has taken tricks"),
        )
    if points is not None and points < LAST_TRICK_MIN:
        res.problems.add(
            res.path("loser_points"),
            msg(
                "when the last trick decides, the loser has at least {least} points (120 − 65), not {points}",
                least=LAST_TRICK_MIN,
                points=points,
            ),
        )


def _score_failed_close(
    g: tuple[int, int, int], winner: str, loser: str, had_trick: bool
) -> tuple[int, Msg]:
    """§4: a failed closer pays g2 if the winner had a trick at the closing, else g3."""
    pts = g[1] if had_trick else g[2]
    if had_trick:
        state = pmsg("snapszer closing", "had a trick")
    else:
        state = pmsg("snapszer closing", "had no trick")
    return pts, nmsg(
        "snapszer: {loser} closed the talon and failed; {winner} {state} at the closing → {count} game point to {winner}",
        "snapszer: {loser} closed the talon and failed; {winner} {state} at the closing → {count} game points to {winner}",
        pts,
        loser=loser,
        winner=winner,
        state=state,
    )


def _score_played(
    g: tuple[int, int, int],
    winner: str,
    loser: str,
    win_by: str,
    closed_by: str | None,
    loser_result: tuple[bool, int],
) -> tuple[int, Msg]:
    """§4: the game points by the loser's tricks and points, with how the deal was won."""
    pts, reason = _tariff(g, loser, *loser_result)
    if win_by == "last_trick":
        how = msg("nobody reached 66, {winner} took the last trick", winner=winner)
    elif closed_by == winner:
        how = msg("{winner} closed the talon and reached 66; at the closing", winner=winner)
    else:
        how = msg("{winner} reached 66", winner=winner)
    return pts, nmsg(
        "snapszer: {how}; {reason} → {count} game point to {winner}",
        "snapszer: {how}; {reason} → {count} game points to {winner}",
        pts,
        how=how,
        reason=reason,
        winner=winner,
    )


def read(session: Session, res: Reader) -> Deal | None:
    """Read → check → score one deal; None after a problem (all of them named)."""
    players = session.players
    rules = session.house_rules
    before = len(res.problems.items)
    winner = res.player("winner", players)
    win_by = res.choice("win_by", WIN_BY)
    if win_by == "forfeit":
        return None if winner is None else _forfeit(session, winner)
    closed_by = res.player("closed_by", players, optional=True)
    if not rules["snapszer_closing"]:
        _check_no_closing(res, win_by)
    had_trick: bool | None = None
    took: bool | None = None
    points: int | None = None
    if win_by == "closer_failed":
        had_trick = _read_failed_close(res, closed_by, winner)
    elif win_by is not None:
        _check_played_close(res, win_by, closed_by, winner)
        took, points = _read_loser(res)
        if win_by == "last_trick":
            _check_last_trick(res, took, points)
    if len(res.problems.items) > before or winner is None or win_by is None:
        return None
    g1, g2, g3 = rules["snapszer_game_points"]
    loser = other(players, winner)
    if win_by == "closer_failed":
        assert had_trick is not None
        pts, why = _score_failed_close((g1, g2, g3), winner, loser, had_trick)
    else:
        assert took is not None
        assert points is not None
        pts, why = _score_played((g1, g2, g3), winner, loser, win_by, closed_by, (took, points))
    summary = nmsg(
        "{winner} +{count} game point", "{winner} +{count} game points", pts, winner=winner
    )
    return Deal([(winner, pts, why)], winner, summary)


def match_rule(session: Session) -> MatchRule:
    k: int = session.house_rules["snapszer_matches_to_win"]
    target: Any = session.house_rules["snapszer_target"]
    return ToTarget(target, units_to_win=k, word=BUMMERL if k == 1 else MATCH)


VARIANT = TwoPlayerGame(
    key="snapszer",
    title=pmsg("game title", "Snapszer (two players)"),
    rules=RULES,
    result=RESULT,
    read=read,
    match_rule=match_rule,
)


def hand_facts(
    players: tuple[str, ...], record: Mapping[str, Any], _rules: Mapping[str, Any] = NO_RULES
) -> HandFacts:
    """Statistics: each plays for himself; closing the talon is an announced figure (made
    when the closer reached 66), a schwarz (the loser took no trick) a silent one."""
    facts = generic_facts(players, record)
    result = record.get("result") or {}
    winner, closer = result.get("winner"), result.get("closed_by")
    figures = []
    if closer in players:
        made = closer == winner and result.get("win_by") == "reached_66"
        figures.append(Figure("closing", (closer,), announced=True, made=made))
    if winner in players and result.get("loser_took_trick") is False:
        figures.append(Figure("schwarz", (winner,), announced=False, made=True))
    return HandFacts(facts.roles, figures=tuple(figures))
