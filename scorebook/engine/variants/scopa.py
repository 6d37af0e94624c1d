"""Scopa (40 Latin cards, two players): spec `two_player_games.md`.

Five point sources per deal (§4, seed 003 "Scopa"): most cards, most coins, the settebello,
each scopa (sweep) and the primiera. A match is played to 11 game points (§10).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorebook.engine.messages import Msg, msg, nmsg, pmsg, said
from scorebook.engine.record import Reader
from scorebook.engine.shape import INT, PLAYER, TEXT, Choice, by_player, fields, sparse
from scorebook.engine.types import HouseRule, Session
from scorebook.engine.variants._match import (
    MATCH_GROUP,
    Deal,
    MatchRule,
    ToTarget,
    TwoPlayerGame,
    joined,
    other,
    pair_map,
)

# seed 003 "Scopa": 40 cards, 10 of each suit; one point per source.
CARDS = 40
COINS = 10
SUITS = ("coins", "cups", "swords", "batons")
SUIT_SET = frozenset(SUITS)
SUIT_NAMES = {
    "coins": pmsg("scopa suit", "coins"),
    "cups": msg("cups"),
    "swords": msg("swords"),
    "batons": msg("batons"),
}
# seed 003 "Scopa" (§4): primiera value of the best card per suit: 7 → 21, 6 → 18, A → 16,
# 5 → 15, 4 → 14, 3 → 13, 2 → 12, re, cavallo or fante ("face") → 10.
PRIMIERA = {"7": 21, "6": 18, "A": 16, "5": 15, "4": 14, "3": 13, "2": 12, "face": 10}
# The best card of a suit as the form offers it: a rank as written, "face" in words.
BEST_CARD = TEXT.but(
    choices=tuple(
        Choice(rank, pmsg("scopa choice", "face") if rank == "face" else said(rank))
        for rank in PRIMIERA
    )
)
RESULT = sparse(
    cards=by_player(INT.but(label=msg("Cards taken (sum 40)"), lo=0, hi=CARDS)),
    coins=by_player(INT.but(label=msg("Coins taken (denari, sum 10)"), lo=0, hi=COINS)),
    settebello=PLAYER.but(label=pmsg("scopa field", "Settebello (7 of coins) taken by")),
    scopas=by_player(INT.but(label=msg("Scopas (sweeps)"), lo=0, default=0)),
    # null = nobody (equal); absent = see primiera_best (the form's `null` chip, none chosen)
    primiera_winner=PLAYER.but(label=pmsg("scopa field", "Primiera won by")),
    primiera_best=by_player(
        fields(
            coins=BEST_CARD.but(label=msg("coins")),
            cups=BEST_CARD.but(label=msg("cups")),
            swords=BEST_CARD.but(label=msg("swords")),
            batons=BEST_CARD.but(label=msg("batons")),
        )
    ),
)

RULES: tuple[HouseRule, ...] = (
    HouseRule(
        "scopa_target",
        11,
        "int",
        msg("game points that win the match"),
        group=MATCH_GROUP,
        minimum=1,
        label=msg("Match target"),
    ),
    HouseRule(
        "scopa_tie_rule",
        "higher_then_continue",
        "choice",
        msg(
            "both past the target: the higher wins (equal: play on), or play on until one leads by 2"
        ),
        choices=("higher_then_continue", "continue_to_margin_2"),
        group=MATCH_GROUP,
        choice_labels=(
            msg("higher wins, equal plays on"),
            msg("play on to a 2-point lead"),
        ),
        label=pmsg("scopa house rule", "Both past the target"),
    ),
    HouseRule(
        "scopa_sweeps_count",
        True,
        "bool",
        msg("each scopa (sweep) scores 1"),
        label=pmsg("scopa house rule", "Sweeps (scopa)"),
    ),
    HouseRule(
        "scopa_primiera",
        True,
        "bool",
        msg("the primiera scores 1"),
        label=pmsg("scopa house rule", "Primiera"),
    ),
)


def _read_best(
    res: Reader, players: tuple[str, ...], coins: dict[str, int] | None
) -> dict[str, dict[str, str | None]] | None:
    """`primiera_best`: each player's best primiera card per suit (§13.2)."""
    raw = res.raw("primiera_best")
    path = res.path("primiera_best")
    problems = res.problems
    if not isinstance(raw, Mapping):
        problems.add(path, msg("must be an object"))
        return None
    best: dict[str, dict[str, str | None]] = {}
    for who in raw:
        if who not in players:
            problems.add(
                f"{path}.{who}",
                msg(
                    "{who} is not one of the players here ({players})",
                    who=who,
                    players=", ".join(players),
                ),
            )
    for who in players:
        suits = raw.get(who)
        if not isinstance(suits, Mapping):
            problems.add(f"{path}.{who}", msg("is required: an object of the four suits"))
            continue
        if suits.keys() != SUIT_SET:
            problems.add(
                f"{path}.{who}",
                msg("must have exactly the suits {suits}", suits=", ".join(SUITS)),
            )
            continue
        mine: dict[str, str | None] = {}
        for suit in SUITS:
            rank = suits[suit]
            if rank is not None and (not isinstance(rank, str) or rank not in PRIMIERA):
                shown = ", ".join(PRIMIERA)
                problems.add(
                    f"{path}.{who}.{suit}",
                    msg("{rank} is not one of {shown} or null", rank=repr(rank), shown=shown),
                )
            mine[suit] = rank
        if coins is not None and (mine["coins"] is None) != (coins[who] == 0):
            problems.add(
                f"{path}.{who}.coins",
                msg(
                    "is null exactly when {who} took no coins (he took {coins})",
                    who=who,
                    coins=coins[who],
                ),
            )
        best[who] = mine
    return best if len(best) == len(players) else None


def _side(player: str, ranks: list[str | None]) -> tuple[int, list[str], Msg]:
    """One player's primiera: sum, suits lacking, and the sum shown ("coins 7=21 + …")."""
    total = 0
    missing: list[str] = []
    parts: list[Msg] = []
    for suit, rank in zip(SUITS, ranks, strict=True):
        if rank is None:
            missing.append(suit)
            parts.append(msg("{suit} –", suit=SUIT_NAMES[suit]))
        else:
            value = PRIMIERA[rank]
            total += value
            parts.append(
                msg("{suit} {rank}={value}", suit=SUIT_NAMES[suit], rank=rank, value=value)
            )
    shown = msg("{player} {total} ({parts})", player=player, total=total, parts=joined(parts))
    return total, missing, shown


def _primiera(
    best: dict[str, dict[str, str | None]], players: tuple[str, ...]
) -> tuple[str | None, Msg]:
    """§4 primiera: the higher sum of the best card per suit; a missing suit loses it.

    Returns the winner (None: nobody) and the reason.
    """
    a, b = players
    sum_a, lacks_a, shown_a = _side(a, [best[a][x] for x in SUITS])
    sum_b, lacks_b, shown_b = _side(b, [best[b][x] for x in SUITS])
    sums = {a: sum_a, b: sum_b}
    lacks = {a: lacks_a, b: lacks_b}
    shown = msg("{first} vs {second}", first=shown_a, second=shown_b)
    if lacks[a] and lacks[b]:
        return None, msg("{shown}: both lack a suit, nobody scores it", shown=shown)
    for p in players:
        if lacks[p]:
            w = other(players, p)
            suits = joined([SUIT_NAMES[x] for x in lacks[p]], ", ")
            return w, msg(
                "{shown}: {player} has no {suits}, so {winner} wins it",
                shown=shown,
                player=p,
                suits=suits,
                winner=w,
            )
    if sums[a] == sums[b]:
        return None, msg("{shown}: equal, nobody scores it", shown=shown)
    w = a if sums[a] > sums[b] else b
    return w, msg("{shown}: {winner} higher", shown=shown, winner=w)


def _check_counts(
    res: Reader,
    players: tuple[str, ...],
    cards: dict[str, int] | None,
    coins: dict[str, int] | None,
    scopas: dict[str, int] | None,
) -> None:
    """Coins and scopas within each player's cards (§13.3)."""
    if cards is None:
        return
    for p in players:
        if coins is not None and coins[p] > cards[p]:
            res.problems.add(
                res.path(f"coins.{p}"),
                msg(
                    "{player} took {coins} coins but only {cards} cards",
                    player=p,
                    coins=coins[p],
                    cards=cards[p],
                ),
            )
        if scopas is not None and 2 * scopas[p] > cards[p]:
            res.problems.add(
                res.path(f"scopas.{p}"),
                msg(
                    "{scopas} scopas need at least {need} cards, {player} took {cards}",
                    scopas=scopas[p],
                    need=2 * scopas[p],
                    player=p,
                    cards=cards[p],
                ),
            )


def _check_settebello(res: Reader, settebello: str | None, coins: dict[str, int] | None) -> None:
    """The settebello is a coin: its taker took at least one."""
    if settebello is not None and coins is not None and coins[settebello] < 1:
        res.problems.add(
            res.path("settebello"),
            msg("{player} took no coins, so not the 7 of coins", player=settebello),
        )


def _read_primiera(
    res: Reader, players: tuple[str, ...], coins: dict[str, int] | None
) -> tuple[str | None, dict[str, dict[str, str | None]] | None]:
    """`primiera_winner` (if given) and `primiera_best`; one of them is required."""
    recorded: str | None = None
    if "primiera_winner" in res.data:
        recorded = res.player("primiera_winner", players, optional=True)
    if res.has("primiera_best"):
        return recorded, _read_best(res, players, coins)
    if "primiera_winner" not in res.data:
        res.problems.add(
            res.path("primiera_best"),
            msg("is required (or pick who won the primiera, or nobody)"),
        )
    return recorded, None


def _check_sevens(
    res: Reader,
    players: tuple[str, ...],
    best: dict[str, dict[str, str | None]],
    settebello: str | None,
) -> None:
    """Every 7 is captured by exactly one player; the 7 of coins by the settebello's taker."""
    a, b = players
    for suit in SUITS:
        seven_a, seven_b = best[a][suit] == "7", best[b][suit] == "7"
        if seven_a == seven_b:
            res.problems.add(
                res.path(f"primiera_best.{a}.{suit}"),
                msg(
                    "exactly one player has the 7 of {suit} (every card is captured), not {count}",
                    suit=SUIT_NAMES[suit],
                    count=2 if seven_a else 0,
                ),
            )
        elif suit == "coins" and settebello is not None:
            holder = a if seven_a else b
            if holder != settebello:
                res.problems.add(
                    res.path(f"primiera_best.{holder}.coins"),
                    msg("the 7 of coins is the settebello, which {player} took", player=settebello),
                )


def _check_suits_held(
    res: Reader,
    players: tuple[str, ...],
    best: dict[str, dict[str, str | None]],
    cards: dict[str, int],
) -> None:
    """A player with a best card in n suits took at least n cards."""
    for p in players:
        held = 4 - list(best[p].values()).count(None)
        if held > cards[p]:
            res.problems.add(
                res.path(f"primiera_best.{p}"),
                msg(
                    "{held} suits need at least {held} cards, {player} took {cards}",
                    held=held,
                    player=p,
                    cards=cards[p],
                ),
            )


class _Tally:
    """Each player's points with their reasons, and what scored nothing (one line each)."""

    def __init__(self, players: tuple[str, ...]) -> None:
        self.players = players
        self.pts = dict.fromkeys(players, 0)
        self.parts: dict[str, list[Msg]] = {p: [] for p in players}
        self.none: list[Msg] = []

    def add(self, who: str, points: int, part: Msg) -> None:
        self.pts[who] += points
        self.parts[who].append(part)

    def nothing(self, part: Msg) -> None:
        self.none.append(part)

    def items(self) -> list[tuple[str | None, int, Msg]]:
        items: list[tuple[str | None, int, Msg]] = []
        for p in self.players:
            n = self.pts[p]
            if n:
                text = nmsg(
                    "{player}: {parts} = {count} point",
                    "{player}: {parts} = {count} points",
                    n,
                    player=p,
                    parts=joined(self.parts[p]),
                )
                items.append((p, n, text))
        if self.none:
            items.append((None, 0, msg("no point: {parts}", parts=joined(self.none, ", "))))
        return items


def _score_most(tally: _Tally, cards: dict[str, int], coins: dict[str, int]) -> None:
    """Most cards and most coins: 1 point each; equal counts score nothing."""
    a, b = tally.players
    for what, counts in (
        (pmsg("scopa count", "cards"), cards),
        (pmsg("scopa count", "coins"), coins),
    ):
        ca, cb = counts[a], counts[b]
        if ca == cb:
            tally.nothing(
                msg("{what} {count_a}–{count_b} equal", what=what, count_a=ca, count_b=cb)
            )
        else:
            more = a if ca > cb else b
            tally.add(
                more,
                1,
                msg("most {what} ({count_a}–{count_b}) 1", what=what, count_a=ca, count_b=cb),
            )


def _score_scopas(tally: _Tally, scopas: dict[str, int], counted: bool) -> None:
    """Each scopa scores 1, unless `scopa_sweeps_count` is off."""
    a, b = tally.players
    if counted:
        for p in tally.players:
            n = scopas[p]
            if n:
                tally.add(p, n, msg("scopas {count} × 1", count=n))
    elif scopas[a] or scopas[b]:
        tally.nothing(
            msg(
                "scopas {count_a}–{count_b} not counted (the house rules do not score them)",
                count_a=scopas[a],
                count_b=scopas[b],
            )
        )


def _primiera_outcome(
    res: Reader,
    players: tuple[str, ...],
    recorded: str | None,
    best: dict[str, dict[str, str | None]] | None,
) -> tuple[bool, str | None, Msg | None]:
    """The primiera's winner and its reason (from `primiera_best` if given, else as
    recorded); False first when a recorded winner disagrees with `primiera_best`."""
    if best is None:
        return True, recorded, None
    winner, why = _primiera(best, players)
    if "primiera_winner" in res.data and recorded != winner:
        res.problems.add(
            res.path("primiera_winner"),
            msg(
                "{recorded} does not agree with the best cards ({winner})",
                recorded=recorded or msg("nobody"),
                winner=winner or msg("nobody"),
            ),
        )
        return False, None, None
    return True, winner, msg("primiera: {why}", why=why)


def read(session: Session, res: Reader) -> Deal | None:
    """Read → check → score one deal; None after a problem (all of them named)."""
    players = session.players
    rules = session.house_rules
    before = len(res.problems.items)
    cards = pair_map(res, "cards", players, hi=CARDS, total=CARDS)
    coins = pair_map(res, "coins", players, hi=COINS, total=COINS)
    settebello = res.player("settebello", players)
    scopas = pair_map(res, "scopas", players)
    _check_counts(res, players, cards, coins, scopas)
    _check_settebello(res, settebello, coins)
    primiera_on = rules["scopa_primiera"]
    recorded, best = _read_primiera(res, players, coins) if primiera_on else (None, None)
    if best is not None and cards is not None:
        _check_sevens(res, players, best, settebello)
        _check_suits_held(res, players, best, cards)
    if len(res.problems.items) > before:
        return None
    assert cards is not None
    assert coins is not None
    assert scopas is not None
    assert settebello is not None
    ok, primiera_winner, why = _primiera_outcome(res, players, recorded, best)
    if not ok:
        return None
    tally = _Tally(players)
    _score_most(tally, cards, coins)
    tally.add(settebello, 1, pmsg("scopa point", "settebello 1"))
    _score_scopas(tally, scopas, rules["scopa_sweeps_count"])
    if primiera_on:
        if primiera_winner is None:
            tally.nothing(pmsg("scopa point", "primiera nobody's"))
        else:
            tally.add(primiera_winner, 1, pmsg("scopa point", "primiera 1"))
    items = tally.items()
    if why is not None:
        items.insert(0, (None, 0, why))
    a, b = players
    sa, sb = tally.pts[a], tally.pts[b]
    deal_winner = a if sa > sb else b if sb > sa else None
    shown = msg("{a} {score_a} – {b} {score_b}", a=a, score_a=sa, b=b, score_b=sb)
    return Deal(items, deal_winner, shown)


def match_rule(session: Session) -> MatchRule:
    target: Any = session.house_rules["scopa_target"]
    margin = 2 if session.house_rules["scopa_tie_rule"] == "continue_to_margin_2" else 0
    return ToTarget(target, margin=margin)


VARIANT = TwoPlayerGame(
    key="scopa",
    title=pmsg("game title", "Scopa"),
    rules=RULES,
    result=RESULT,
    read=read,
    match_rule=match_rule,
)
