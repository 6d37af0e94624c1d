"""Trappola (36 cards, two players, no trumps): spec `two_player_games.md`.

A deal scores card points, declarations of three or four of a kind, tricks won with a 2
and the last trick (with a bonus for a final run of twos); a match is played to 300
(seed 003 "Trappola"). The seed's three tables are lost: the values are RECOVERED (§12 item
13) and the house rule `trappola_values` replaces any of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorebook.engine.messages import Msg, msg, pmsg, said
from scorebook.engine.record import Reader
from scorebook.engine.shape import INT, PLAYER, TEXT, Choice, by_player, fields, rows
from scorebook.engine.types import HouseRule, Session
from scorebook.engine.variants._match import (
    MATCH_GROUP,
    CheckedRule,
    Deal,
    TwoPlayerGame,
    joined,
    other,
    pair_map,
    to_target,
)

# §12 item 13 (RECOVERED, knauer.org / gambiter.com; the seed keeps only the headings
# "Bemondott kombinációk pontértéke: Pontot érő lapok lapok értéke: Különleges ütések értéke:").
DEFAULT_VALUES: dict[str, Any] = {
    "card": {"ace": 6, "king": 5, "cavall": 4, "fante": 3},
    "three": {"ace": 12, "king": 6, "cavall": 6, "fante": 6, "two": 10},
    "four_factor": 2,
    "two_trick": 10,
    "last_trick": 6,
    "final_two_run": 26,
}
RANKS = ("ace", "king", "cavall", "fante", "two")
# Each rank named alone, and after "three"/"four" (English: the plural; Hungarian: the singular).
RANK_NAMES = {
    "ace": msg("ace"),
    "king": msg("king"),
    "cavall": pmsg("trappola rank", "cavall"),
    "fante": pmsg("trappola rank", "fante"),
    "two": msg("two"),
}
RANK_PLURALS = {
    "ace": pmsg("trappola rank, after a number", "aces"),
    "king": pmsg("trappola rank, after a number", "kings"),
    "cavall": pmsg("trappola rank, after a number", "cavalls"),
    "fante": pmsg("trappola rank, after a number", "fantes"),
    "two": pmsg("trappola rank, after a number", "twos"),
}
# Each rank as the declaration form offers it.
RANK_CHOICES = {
    "ace": pmsg("trappola choice", "ace (ász)"),
    "king": pmsg("trappola choice", "king (király)"),
    "cavall": pmsg("trappola choice", "cavall (lovas)"),
    "fante": pmsg("trappola choice", "fante (apród)"),
    "two": pmsg("trappola choice", "two (kettes)"),
}
DECLARED_COUNTS = (3, 4)  # three or four of a rank
MAX_DECLARED = 10  # §13.3: a hand holds 9 cards (10 in the 40-card variant)
TWOS = 4  # one 2 per suit
MAX_RUN = 4


def pack_points(card: Mapping[str, int]) -> int:
    """§13.3: the card points of the pack, C = 4 × (ace + king + cavall + fante)."""
    return 4 * sum(card.values())


RESULT = fields(
    # at most the pack's points with the recovered card values (a house rule may change them)
    card_points=by_player(
        INT.but(
            label=msg("Card points (sum at most 72)"),
            lo=0,
            hi=pack_points(DEFAULT_VALUES["card"]),
        )
    ),
    declarations=rows(
        player=PLAYER.but(label=msg("Player")),
        rank=TEXT.but(
            label=pmsg("trappola field", "Rank"),
            choices=tuple(Choice(rank, RANK_CHOICES[rank]) for rank in RANKS),
        ),
        count=INT.but(
            label=pmsg("trappola field", "Cards"),
            choices=tuple(Choice(n, said(str(n))) for n in DECLARED_COUNTS),
        ),
    ),
    two_wins=by_player(
        INT.but(
            label=msg("Tricks won with a two (outside the final run)"),
            lo=0,
            hi=TWOS,
            default=0,
        )
    ),
    last_trick=PLAYER.but(label=msg("Last trick taken by")),
    final_two_run=INT.but(
        label=pmsg("trappola field", "Final tricks in a row he won with a two"),
        choices=tuple(
            Choice(n, msg("none") if n == 0 else said(str(n))) for n in range(MAX_RUN + 1)
        ),
        lo=0,
        hi=MAX_RUN,
        default=0,
    ),
)


# Each replaceable value as the house rule's help names it (`trappola_values` keys).
VALUE_NAMES = {
    "card": msg("card values"),
    "three": msg("three of a kind"),
    "four_factor": msg("four of a kind: factor"),
    "two_trick": msg("trick with a two"),
    "last_trick": msg("last trick"),
    "final_two_run": msg("run of twos at the end"),
}


def _check_values(value: Any) -> Msg | None:
    """`trappola_values`: every key optional, integers ≥ 0, no unknown key (§12 item 13)."""
    if not isinstance(value, Mapping):
        return msg("{value} is not a list of values by name", value=repr(value))
    for key, item in value.items():
        if key not in DEFAULT_VALUES:
            return msg(
                "{key} is not one of the values this rule can replace: {allowed}",
                key=repr(key),
                allowed=joined(list(VALUE_NAMES.values()), ", "),
            )
        what = VALUE_NAMES[key]
        default = DEFAULT_VALUES[key]
        if isinstance(default, dict):
            if not isinstance(item, Mapping):
                return msg(
                    "{what}: {value} is not a list of values by rank", what=what, value=repr(item)
                )
            for sub, number in item.items():
                if sub not in default:
                    return msg(
                        "{what}: {rank} is not one of the ranks {allowed}",
                        what=what,
                        rank=repr(sub),
                        allowed=joined([RANK_NAMES[r] for r in default], ", "),
                    )
                if isinstance(number, bool) or not isinstance(number, int) or number < 0:
                    return msg(
                        "{what}, {rank}: {value} is not a whole number of at least 0",
                        what=what,
                        rank=RANK_NAMES[sub],
                        value=repr(number),
                    )
        elif isinstance(item, bool) or not isinstance(item, int) or item < 0:
            return msg(
                "{what}: {value} is not a whole number of at least 0", what=what, value=repr(item)
            )
    return None


RULES: tuple[HouseRule, ...] = (
    HouseRule(
        "trappola_target",
        300,
        "int",
        msg("points that win the match"),
        group=MATCH_GROUP,
        minimum=1,
        label=msg("Match target"),
    ),
    CheckedRule(
        "trappola_values",
        DEFAULT_VALUES,
        "json",
        msg(
            "your own values in place of the reconstructed ones (the tables of 'Kétszemélyes kártyajátékok' are lost): card values, three of a kind, four of a kind: factor, trick with a two, last trick, run of twos at the end"
        ),
        checker=_check_values,
        label=pmsg("trappola house rule", "Card and bonus values"),
    ),
)


def values(session: Session) -> dict[str, Any]:
    """The recovered values with the house rule's replacements merged in."""
    given: Mapping[str, Any] = session.house_rules["trappola_values"]
    merged: dict[str, Any] = {}
    for key, default in DEFAULT_VALUES.items():
        if isinstance(default, dict):
            merged[key] = {**default, **given.get(key, {})}
        else:
            merged[key] = given.get(key, default)
    return merged


Declared = list[tuple[str, str, int]]  # (player, rank, 3 or 4), in record order


def _read_declarations(res: Reader, players: tuple[str, ...]) -> Declared:
    """`declarations`: each rank at most once (there are only four of each)."""
    declared: Declared = []
    seen: dict[str, int] = {}
    for i, item in enumerate(res.items("declarations")):
        who = item.player("player", players)
        rank = item.choice("rank", RANKS)
        count = item.choice("count", DECLARED_COUNTS)
        if who is None or rank is None or count is None:
            continue
        if rank in seen:
            res.problems.add(
                item.path("rank"),
                msg(
                    "{rank} is declared twice (declarations[{index}]): there are only four",
                    rank=RANK_NAMES[rank],
                    index=seen[rank],
                ),
            )
            continue
        seen[rank] = i
        declared.append((who, rank, count))
    return declared


def _check_hand_size(res: Reader, players: tuple[str, ...], declared: Declared) -> None:
    """§13.3: nobody declares more cards than a hand holds."""
    held = dict.fromkeys(players, 0)
    for who, _, count in declared:
        held[who] += count
    for who in players:
        if held[who] > MAX_DECLARED:
            res.problems.add(
                res.path("declarations"),
                msg(
                    "{who} declares {cards} cards, more than a hand of {hand}",
                    who=who,
                    cards=held[who],
                    hand=MAX_DECLARED,
                ),
            )


def _check_card_points(
    res: Reader, points: dict[str, int], card: Mapping[str, int], declared: Declared
) -> None:
    """The card points taken are at least what the declared cards are worth."""
    given = sum(points.values())
    in_play = sum(count * card.get(rank, 0) for _, rank, count in declared)
    if given < in_play:
        res.problems.add(
            res.path("card_points"),
            msg(
                "the declared cards alone are worth {worth}, more than {given}",
                worth=in_play,
                given=given,
            ),
        )


def _check_twos(
    res: Reader,
    players: tuple[str, ...],
    two_wins: dict[str, int],
    run: int,
    last: str | None,
    declared: Declared,
) -> None:
    """Tricks won with a 2 and the final run use at most the four twos, fewer for the
    opponent of a player who declared twos."""
    a, b = players
    if two_wins[a] + two_wins[b] + run > TWOS:
        res.problems.add(
            res.path("two_wins"),
            msg(
                "{wins_a} + {wins_b} tricks with a 2 and a final run of {run}: there are only {twos} twos",
                wins_a=two_wins[a],
                wins_b=two_wins[b],
                run=run,
                twos=TWOS,
            ),
        )
        return
    if last is None:
        return
    for who, rank, count in declared:
        if rank != "two":
            continue
        opp = other(players, who)
        by_opp = two_wins[opp] + (run if last == opp else 0)
        if by_opp > TWOS - count:
            res.problems.add(
                res.path(f"two_wins.{opp}"),
                msg(
                    "{who} declared {count} twos, so {opp} won at most {most} tricks with a 2, not {wins}",
                    who=who,
                    count=count,
                    opp=opp,
                    most=TWOS - count,
                    wins=by_opp,
                ),
            )


class _Tally:
    """Each player's deal score s_X with its parts, for one line per player (§6)."""

    def __init__(self, players: tuple[str, ...]) -> None:
        self.players = players
        self.pts = dict.fromkeys(players, 0)
        self.parts: dict[str, list[Msg]] = {p: [] for p in players}

    def add(self, who: str, points: int, part: Msg) -> None:
        self.pts[who] += points
        self.parts[who].append(part)

    def items(self) -> list[tuple[str | None, int, Msg]]:
        return [
            (
                p,
                self.pts[p],
                msg(
                    "{player}: {parts} = {total}",
                    player=p,
                    parts=joined(self.parts[p]),
                    total=self.pts[p],
                ),
            )
            for p in self.players
            if self.parts[p]
        ]


def _score_declarations(tally: _Tally, v: Mapping[str, Any], declared: Declared) -> None:
    """Three of a kind scores its value, four of a kind that × `four_factor`."""
    factor = v["four_factor"]
    for who, rank, count in declared:
        three = v["three"][rank]
        if count == 3:
            tally.add(who, three, msg("three {rank} {value}", rank=RANK_PLURALS[rank], value=three))
        else:
            tally.add(
                who,
                three * factor,
                msg(
                    "four {rank} {value} × {factor}",
                    rank=RANK_PLURALS[rank],
                    value=three,
                    factor=factor,
                ),
            )


def _score_last_trick(tally: _Tally, v: Mapping[str, Any], last: str, run: int) -> None:
    """The last trick, or instead the final run of twos (each twos trick of it is worth more)."""
    if not run:
        lt = v["last_trick"]
        tally.add(last, lt, msg("last trick {value}", value=lt))
        return
    final, lt, two = v["final_two_run"], v["last_trick"], v["two_trick"]
    tally.add(
        last,
        run * final,
        msg(
            "last trick with a final run of twos {run} × {final} (instead of {last} + {run} × {two})",
            run=run,
            final=final,
            last=lt,
            two=two,
        ),
    )


def _score(
    v: Mapping[str, Any],
    players: tuple[str, ...],
    points: dict[str, int],
    two_wins: dict[str, int],
    declared: Declared,
    last_trick: tuple[str, int],
) -> Deal:
    """§6: card points, declarations, tricks with a 2 and the last trick."""
    tally = _Tally(players)
    for p in players:
        if points[p]:
            tally.add(p, points[p], msg("card points {points}", points=points[p]))
    _score_declarations(tally, v, declared)
    two = v["two_trick"]
    for p in players:
        if two_wins[p]:
            tally.add(
                p,
                two_wins[p] * two,
                msg("tricks with a 2 {count} × {value}", count=two_wins[p], value=two),
            )
    _score_last_trick(tally, v, *last_trick)
    a, b = players
    sa, sb = tally.pts[a], tally.pts[b]
    winner = a if sa > sb else b if sb > sa else None
    shown = msg("{a} {score_a} – {b} {score_b}", a=a, score_a=sa, b=b, score_b=sb)
    return Deal(tally.items(), winner, shown)


def read(session: Session, res: Reader) -> Deal | None:
    """Read → check → score one deal; None after a problem (all of them named)."""
    players = session.players
    before = len(res.problems.items)
    v = values(session)
    card = v["card"]
    pack = pack_points(card)
    points = pair_map(res, "card_points", players, at_most=pack)
    two_wins = pair_map(res, "two_wins", players)
    last = res.player("last_trick", players)
    run = res.integer("final_two_run", lo=0, hi=MAX_RUN)
    declared = _read_declarations(res, players)
    _check_hand_size(res, players, declared)
    if points is not None:
        _check_card_points(res, points, card, declared)
    if two_wins is not None and run is not None:
        _check_twos(res, players, two_wins, run, last, declared)
    if len(res.problems.items) > before:
        return None
    assert points is not None
    assert two_wins is not None
    assert last is not None
    assert run is not None
    return _score(v, players, points, two_wins, declared, (last, run))


VARIANT = TwoPlayerGame(
    key="trappola",
    title=pmsg("game title", "Trappola"),
    rules=RULES,
    result=RESULT,
    read=read,
    match_rule=to_target("trappola_target"),
)
