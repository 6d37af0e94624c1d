"""Scopa (40 Latin cards, two players): spec `two_player_games.md`.

Five point sources per deal (§4, seed 003 "Scopa"): most cards, most coins, the settebello,
each scopa (sweep) and the primiera. A match is played to 11 game points (§10).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorebook.engine.record import Reader
from scorebook.engine.shape import INT, PLAYER, TEXT, by_player, fields
from scorebook.engine.types import HouseRule, Session, Text
from scorebook.engine.variants._match import (
    MATCH_GROUP,
    Deal,
    MatchRule,
    ToTarget,
    TwoPlayerGame,
    other,
    pair_map,
)

# seed 003 "Scopa": 40 cards, 10 of each suit; one point per source.
CARDS = 40
COINS = 10
SUITS = ("coins", "cups", "swords", "batons")
SUIT_SET = frozenset(SUITS)
SUITS_HU = {"coins": "arany", "cups": "kupa", "swords": "kard", "batons": "bot"}
# seed 003 "Scopa" (§4): primiera value of the best card per suit: 7 → 21, 6 → 18, A → 16,
# 5 → 15, 4 → 14, 3 → 13, 2 → 12, re, cavallo or fante ("face") → 10.
PRIMIERA = {"7": 21, "6": 18, "A": 16, "5": 15, "4": 14, "3": 13, "2": 12, "face": 10}
RESULT = fields(
    cards=by_player(INT),
    coins=by_player(INT),
    settebello=PLAYER,
    scopas=by_player(INT),
    primiera_winner=PLAYER,
    primiera_best=by_player(fields(coins=TEXT, cups=TEXT, swords=TEXT, batons=TEXT)),
)

RULES: tuple[HouseRule, ...] = (
    HouseRule(
        "scopa_target",
        11,
        "int",
        Text("game points that win the match", "ennyi gémpont nyeri a játszmát"),
        group=MATCH_GROUP,
        minimum=1,
    ),
    HouseRule(
        "scopa_tie_rule",
        "higher_then_continue",
        "choice",
        Text(
            "both past the target: the higher wins (equal: play on), or play on until one leads by 2",
            "mindketten elérik a célt: a több nyer (egyenlőnél tovább), vagy tovább, amíg valaki 2-vel vezet",
        ),
        choices=("higher_then_continue", "continue_to_margin_2"),
        group=MATCH_GROUP,
        choice_labels=(
            Text("higher wins, equal plays on", "a több nyer, egyenlőnél tovább"),
            Text("play on to a 2-point lead", "tovább 2 pont előnyig"),
        ),
    ),
    HouseRule(
        "scopa_sweeps_count",
        True,
        "bool",
        Text("each scopa (sweep) scores 1", "minden scopa (besöprés) 1 pont"),
    ),
    HouseRule(
        "scopa_primiera",
        True,
        "bool",
        Text("the primiera scores 1", "a primiera 1 pontot ér"),
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
        problems.add(path, "must be an object", "objektumnak kell lennie")
        return None
    best: dict[str, dict[str, str | None]] = {}
    for who in raw:
        if who not in players:
            problems.add(
                f"{path}.{who}",
                f"{who} is not one of the players here ({', '.join(players)})",
                f"{who} nem játékos itt ({', '.join(players)})",
            )
    for who in players:
        suits = raw.get(who)
        if not isinstance(suits, Mapping):
            problems.add(
                f"{path}.{who}",
                "is required: an object of the four suits",
                "kötelező megadni: a négy szín objektuma",
            )
            continue
        if suits.keys() != SUIT_SET:
            problems.add(
                f"{path}.{who}",
                f"must have exactly the suits {', '.join(SUITS)}",
                f"pontosan ezek a színek kellenek: {', '.join(SUITS)}",
            )
            continue
        mine: dict[str, str | None] = {}
        for suit in SUITS:
            rank = suits[suit]
            if rank is not None and (not isinstance(rank, str) or rank not in PRIMIERA):
                shown = ", ".join(PRIMIERA)
                problems.add(
                    f"{path}.{who}.{suit}",
                    f"{rank!r} is not one of {shown} or null",
                    f"{rank!r} nem megengedett (lehet: {shown} vagy null)",
                )
            mine[suit] = rank
        if coins is not None and (mine["coins"] is None) != (coins[who] == 0):
            problems.add(
                f"{path}.{who}.coins",
                f"is null exactly when {who} took no coins (he took {coins[who]})",
                f"akkor és csak akkor null, ha {who} nem vitt aranyat ({coins[who]}-at vitt)",
            )
        best[who] = mine
    return best if len(best) == len(players) else None


def _side(player: str, ranks: list[str | None]) -> tuple[int, list[str], str, str]:
    """One player's primiera: sum, suits lacking, and the sum shown ("coins 7=21 + …")."""
    total = 0
    missing: list[str] = []
    en: list[str] = []
    hu: list[str] = []
    for suit, rank in zip(SUITS, ranks, strict=True):
        if rank is None:
            missing.append(suit)
            en.append(f"{suit} –")
            hu.append(f"{SUITS_HU[suit]} –")
        else:
            value = PRIMIERA[rank]
            total += value
            en.append(f"{suit} {rank}={value}")
            hu.append(f"{SUITS_HU[suit]} {rank}={value}")
    return (
        total,
        missing,
        f"{player} {total} ({' + '.join(en)})",
        f"{player} {total} ({' + '.join(hu)})",
    )


def _primiera(
    best: dict[str, dict[str, str | None]], players: tuple[str, ...]
) -> tuple[str | None, str, str]:
    """§4 primiera: the higher sum of the best card per suit; a missing suit loses it.

    Returns the winner (None: nobody) and the reason in English and Hungarian.
    """
    a, b = players
    sum_a, lacks_a, en_a, hu_a = _side(a, [best[a][x] for x in SUITS])
    sum_b, lacks_b, en_b, hu_b = _side(b, [best[b][x] for x in SUITS])
    sums = {a: sum_a, b: sum_b}
    lacks = {a: lacks_a, b: lacks_b}
    en, hu = [en_a, en_b], [hu_a, hu_b]
    shown_en, shown_hu = " vs ".join(en), " – ".join(hu)
    if lacks[a] and lacks[b]:
        return (
            None,
            f"{shown_en}: both lack a suit, nobody scores it",
            f"{shown_hu}: mindkettőnek hiányzik egy színe, senki sem kapja",
        )
    for p in players:
        if lacks[p]:
            w = other(players, p)
            missing_hu = ", ".join(SUITS_HU[x] for x in lacks[p])
            return (
                w,
                f"{shown_en}: {p} has no {', '.join(lacks[p])}, so {w} wins it",
                f"{shown_hu}: {p} nem vitt {missing_hu} színt, így {w} nyeri",
            )
    if sums[a] == sums[b]:
        return None, f"{shown_en}: equal, nobody scores it", f"{shown_hu}: egyenlő, senki sem kapja"
    w = a if sums[a] > sums[b] else b
    return w, f"{shown_en}: {w} higher", f"{shown_hu}: {w} a nagyobb"


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
                f"{p} took {coins[p]} coins but only {cards[p]} cards",
                f"{p} {coins[p]} aranyat vitt, de csak {cards[p]} lapot",
            )
        if scopas is not None and 2 * scopas[p] > cards[p]:
            res.problems.add(
                res.path(f"scopas.{p}"),
                f"{scopas[p]} scopas need at least {2 * scopas[p]} cards, {p} took {cards[p]}",
                f"{scopas[p]} scopa legalább {2 * scopas[p]} lap, {p} {cards[p]} lapot vitt",
            )


def _check_settebello(res: Reader, settebello: str | None, coins: dict[str, int] | None) -> None:
    """The settebello is a coin: its taker took at least one."""
    if settebello is not None and coins is not None and coins[settebello] < 1:
        res.problems.add(
            res.path("settebello"),
            f"{settebello} took no coins, so not the 7 of coins",
            f"{settebello} nem vitt aranyat, így az arany hetest sem",
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
            "is required (or primiera_winner: a name, or null for nobody)",
            "kötelező megadni (vagy a primiera_winner mezőt: név, vagy null, ha senki)",
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
                f"exactly one player has the 7 of {suit} (every card is captured), not {2 if seven_a else 0}",
                f"pontosan egy játékosnál van a {SUITS_HU[suit]} hetes (minden lapot elvisz valaki), nem {2 if seven_a else 0}",
            )
        elif suit == "coins" and settebello is not None:
            holder = a if seven_a else b
            if holder != settebello:
                res.problems.add(
                    res.path(f"primiera_best.{holder}.coins"),
                    f"the 7 of coins is the settebello, which {settebello} took",
                    f"az arany hetes a settebello, azt {settebello} vitte",
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
                f"{held} suits need at least {held} cards, {p} took {cards[p]}",
                f"{held} szín legalább {held} lap, {p} {cards[p]} lapot vitt",
            )


class _Tally:
    """Each player's points with their reasons, and what scored nothing (one line each)."""

    def __init__(self, players: tuple[str, ...]) -> None:
        self.players = players
        self.pts = dict.fromkeys(players, 0)
        self.en: dict[str, list[str]] = {p: [] for p in players}
        self.hu: dict[str, list[str]] = {p: [] for p in players}
        self.none_en: list[str] = []
        self.none_hu: list[str] = []

    def add(self, who: str, points: int, en: str, hu: str) -> None:
        self.pts[who] += points
        self.en[who].append(en)
        self.hu[who].append(hu)

    def nothing(self, en: str, hu: str) -> None:
        self.none_en.append(en)
        self.none_hu.append(hu)

    def items(self) -> list[tuple[str | None, int, Text]]:
        items: list[tuple[str | None, int, Text]] = []
        for p in self.players:
            n = self.pts[p]
            if n:
                en, hu = " + ".join(self.en[p]), " + ".join(self.hu[p])
                text = Text(f"{p}: {en} = {n} point{'s' if n > 1 else ''}", f"{p}: {hu} = {n} pont")
                items.append((p, n, text))
        if self.none_en:
            none_en, none_hu = ", ".join(self.none_en), ", ".join(self.none_hu)
            items.append((None, 0, Text(f"no point: {none_en}", f"nincs pont: {none_hu}")))
        return items


def _score_most(tally: _Tally, cards: dict[str, int], coins: dict[str, int]) -> None:
    """Most cards and most coins: 1 point each; equal counts score nothing."""
    a, b = tally.players
    for what_en, what_hu, counts in (("cards", "lap", cards), ("coins", "arany", coins)):
        ca, cb = counts[a], counts[b]
        if ca == cb:
            tally.nothing(f"{what_en} {ca}–{cb} equal", f"{what_hu} {ca}–{cb} egyenlő")
        else:
            more = a if ca > cb else b
            tally.add(more, 1, f"most {what_en} ({ca}–{cb}) 1", f"több {what_hu} ({ca}–{cb}) 1")


def _score_scopas(tally: _Tally, scopas: dict[str, int], counted: bool) -> None:
    """Each scopa scores 1, unless `scopa_sweeps_count` is off."""
    a, b = tally.players
    if counted:
        for p in tally.players:
            n = scopas[p]
            if n:
                tally.add(p, n, f"scopas {n} × 1", f"scopa {n} × 1")
    elif scopas[a] or scopas[b]:
        tally.nothing(
            f"scopas {scopas[a]}–{scopas[b]} not counted (scopa_sweeps_count off)",
            f"scopák {scopas[a]}–{scopas[b]} nem számítanak (scopa_sweeps_count ki)",
        )


def _primiera_outcome(
    res: Reader,
    players: tuple[str, ...],
    recorded: str | None,
    best: dict[str, dict[str, str | None]] | None,
) -> tuple[bool, str | None, Text | None]:
    """The primiera's winner and its reason (from `primiera_best` if given, else as
    recorded); False first when a recorded winner disagrees with `primiera_best`."""
    if best is None:
        return True, recorded, None
    winner, why_en, why_hu = _primiera(best, players)
    if "primiera_winner" in res.data and recorded != winner:
        res.problems.add(
            res.path("primiera_winner"),
            f"{recorded or 'null'} does not agree with primiera_best ({winner or 'nobody'})",
            f"{recorded or 'null'} nem egyezik a primiera_best alapján adódóval ({winner or 'senki'})",
        )
        return False, None, None
    return True, winner, Text(f"primiera: {why_en}", f"primiera: {why_hu}")


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
    tally.add(settebello, 1, "settebello 1", "Sette Bello 1")
    _score_scopas(tally, scopas, rules["scopa_sweeps_count"])
    if primiera_on:
        if primiera_winner is None:
            tally.nothing("primiera nobody's", "primiera senkié")
        else:
            tally.add(primiera_winner, 1, "primiera 1", "primiera 1")
    items = tally.items()
    if why is not None:
        items.insert(0, (None, 0, why))
    a, b = players
    sa, sb = tally.pts[a], tally.pts[b]
    deal_winner = a if sa > sb else b if sb > sa else None
    shown = f"{a} {sa} – {b} {sb}"
    return Deal(items, deal_winner, Text(shown, shown))


def match_rule(session: Session) -> MatchRule:
    target: Any = session.house_rules["scopa_target"]
    margin = 2 if session.house_rules["scopa_tie_rule"] == "continue_to_margin_2" else 0
    return ToTarget(target, margin=margin)


VARIANT = TwoPlayerGame(
    key="scopa",
    title=Text("Scopa", "Scopa"),
    rules=RULES,
    result=RESULT,
    read=read,
    match_rule=match_rule,
)
