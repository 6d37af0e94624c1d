"""Match mechanics shared by the two-player point games (spec `two_player_games.md`).

Game-agnostic: each game module reads its own `result` and turns it into a `Deal` (its
score items, its deal winner, a summary); this module does the rest that every game shares:
the dealer check (§10 "Who deals next", §13.3 item 2), the zero-sum deltas Δ_A = s_A − s_B
(common model), the match state (§10 "How a match ends, exactly"), a new match starting by
itself after one ends, the session result (`matches`, `match_wins`, the match settlement in
`payouts`, §13.5), the table hint and the JSON snapshot.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

from scorebook.engine.errors import InvalidHand, Problems
from scorebook.engine.messages import Msg, msg, pmsg
from scorebook.engine.record import Reader
from scorebook.engine.shape import PLAYER, Obj, fields
from scorebook.engine.state import LISTED, dump_dataclass, load_dataclass
from scorebook.engine.types import EndOfSession, Entry, HouseRule, Line, Session, TableHint


@dataclass(frozen=True, slots=True)
class Words:
    """How a game names its match: the word as a subject, in the plural, and as the object
    of "wins" (one id per form, each with its context: Hungarian inflects them)."""

    name: Msg
    plural: Msg
    accusative: Msg


MATCH = Words(
    pmsg("two-player match", "match"),
    pmsg("two-player match, plural", "matches"),
    pmsg("two-player match, accusative", "match"),
)
MATCH_GROUP = msg("Match and money")
BUMMERL = Words(
    pmsg("snapszer unit", "Bummerl"),
    pmsg("snapszer unit, plural", "Bummerls"),
    pmsg("snapszer unit, accusative", "Bummerl"),
)
# Session-level keys a hand may repeat; they are ignored (§13.2, scoresheet format).
IGNORED_HAND_KEYS = ("variant", "game", "players", "house_rules", "match_id", "deal_number")
# Every game's dealer (§13.2), as the hand form labels it.
DEALER = PLAYER.but(label=pmsg("two-player field", "Dealer"))


# --- house rules -------------------------------------------------------------------------


# A rule whose value is a list or object: HouseRule kind "json" with a `checker`.
CheckedRule = HouseRule


def optional_target(name: str, help: Msg, label: Msg | None = None) -> HouseRule:
    """An open-ended game's target: integer ≥ 1 or null, default null (§12 item 20)."""
    return HouseRule(name, None, "optional_int", help, group=MATCH_GROUP, minimum=1, label=label)


def joined(parts: Sequence[Msg], separator: str = " + ") -> Msg:
    """Parts shown one after the other ("a + b + c", "a, b"), each translated: one message
    nests the next. `separator` is " + " or ", "."""
    out = parts[-1]
    for part in reversed(parts[:-1]):
        if separator == ", ":
            out = msg("{first}, {rest}", first=part, rest=out)
        else:
            out = msg("{first} + {rest}", first=part, rest=out)
    return out


# The dealer rotations by the words the house rules page shows for them.
ROTATION_NAMES: dict[str, Msg] = {
    "alternate": pmsg("two-player dealer rotation", "alternate"),
    "loser_deals": pmsg("two-player dealer rotation", "loser deals"),
}

# §12 items 21–22, §13.1 "all ten".
COMMON_RULES: tuple[HouseRule, ...] = (
    HouseRule(
        "settlement_mode",
        "points",
        "choice",
        msg(
            "by points: money = sum of the deal points × stake; by matches: each lost match pays the stake per match"
        ),
        choices=("points", "match"),
        group=MATCH_GROUP,
        choice_labels=(
            pmsg("two-player settlement", "by points"),
            pmsg("two-player settlement", "by matches"),
        ),
        label=pmsg("two-player house rule", "Settlement"),
    ),
    HouseRule(
        "stake_per_match",
        1,
        "int",
        msg("units the loser of a match pays the winner (only when settling by matches)"),
        group=MATCH_GROUP,
        minimum=1,
        label=pmsg("two-player house rule", "Stake per match"),
    ),
    HouseRule(
        "dealer_rotation",
        "alternate",
        "choice",
        msg("who deals next: the players alternate, or the loser of the deal deals"),
        choices=tuple(ROTATION_NAMES),
        choice_labels=tuple(ROTATION_NAMES.values()),
        label=pmsg("two-player house rule", "Dealer rotation"),
    ),
)


# --- what a game module hands over per deal ----------------------------------------------


class Deal(NamedTuple):
    """One deal, scored by its game: every item adds to one player's deal score s_X.

    A NamedTuple (immutable, and cheaper to build than a frozen dataclass: one per deal).
    """

    # (player, points, why): one item of the player's deal score, e.g. "vole → 2 points";
    # player None = an explanation in its place, without amounts ("cards 20–20: no point")
    items: Sequence[tuple[str | None, int, Msg]]
    winner: str | None  # computed.deal_winner (§13.4); None = no deal winner
    summary: Msg
    secondary: Mapping[str, int] | None = None  # e.g. card points summed over a series


def pair_map(
    res: Reader,
    name: str,
    players: Sequence[str],
    *,
    lo: int = 0,
    hi: int | None = None,
    total: int | None = None,
    at_most: int | None = None,
    optional: bool = False,
) -> dict[str, int] | None:
    """A {name: int} map of both players, with its sum checked (exactly `total` or ≤ `at_most`)."""
    values = res.player_map(name, players, lo=lo, hi=hi, optional=optional)
    if values is None or len(values) != len(players):
        return None
    given = sum(values.values())
    if total is not None and given != total:
        res.problems.add(
            res.path(name),
            msg("the two numbers sum to {given}, not {total}", given=given, total=total),
        )
        return None
    if at_most is not None and given > at_most:
        res.problems.add(
            res.path(name),
            msg(
                "the two numbers sum to {given}, more than {at_most}", given=given, at_most=at_most
            ),
        )
        return None
    return values


class Pair(NamedTuple):
    """Both players' numbers of one result field, and how a line shows them."""

    values: dict[str, int]
    shown: str  # "Anna 7 – Béla 6", in seating order


def shown_pair(players: Sequence[str], values: Mapping[str, int]) -> str:
    a, b = players
    return f"{a} {values[a]} – {b} {values[b]}"


def read_pair(
    res: Reader, name: str, players: Sequence[str], *, total: int, hi: int | None = None
) -> Pair | None:
    """The result field `name` as both players' numbers summing to `total` (each ≤ `hi`);
    None after a problem."""
    values = pair_map(res, name, players, hi=hi, total=total)
    if values is None:
        return None
    return Pair(values, shown_pair(players, values))


def read_winner[T](
    res: Reader, players: Sequence[str], rest: Callable[[Reader], T]
) -> tuple[str, str, T] | None:
    """The deal's winner (the result field `winner`) and loser, and what `rest` reads from
    the result after it; None after a problem in any of them."""
    before = len(res.problems.items)
    winner = res.player("winner", players)
    extra = rest(res)
    if winner is None or len(res.problems.items) > before:
        return None
    return winner, other(players, winner), extra


def required_bool(res: Reader, name: str) -> bool | None:
    """A boolean field that must be given (`Reader.boolean` defaults a missing one)."""
    value = res.raw(name)
    if value is None:
        res.problems.add(res.path(name), msg("is required"))
        return None
    if not isinstance(value, bool):
        res.problems.add(res.path(name), msg("{value} is not true or false", value=repr(value)))
        return None
    return value


def int_list_checker(length: int, minimum: int) -> Callable[[Any], Msg | None]:
    """A house-rule value that is a JSON array of `length` integers ≥ `minimum`."""

    def check(value: Any) -> Msg | None:
        if (
            isinstance(value, list | tuple)
            and len(value) == length
            and all(isinstance(v, int) and not isinstance(v, bool) and v >= minimum for v in value)
        ):
            return None
        return msg(
            "{value} is not a list of {length} whole numbers of at least {minimum}",
            value=repr(value),
            length=length,
            minimum=minimum,
        )

    return check


def other(players: Sequence[str], who: str) -> str:
    return players[1] if who == players[0] else players[0]


# --- match rules (§10) -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Match:
    """One match of the session. `scores` = the sum of the deal scores over its deals (§13.4)."""

    number: int
    first_deal: int
    last_deal: int
    deals: int
    scores: dict[str, int]
    unit_scores: dict[str, int]  # the current unit (a Bummerl); = scores otherwise
    units: dict[str, int]  # units (Bummerls) won in this match
    secondary: dict[str, int]  # e.g. card points over a series
    over: bool = False
    winner: str | None = None


def _leader(scores: Mapping[str, int], players: Sequence[str]) -> str | None:
    a, b = players
    if scores[a] == scores[b]:
        return None
    return a if scores[a] > scores[b] else b


@dataclass(frozen=True, slots=True)
class ToTarget:
    """§10 rules 2–5: first to `target` (None = open-ended: the session is one match).

    `margin` 2 is the `continue_to_margin_2` tie rule; `units_to_win` > 1 plays
    Bummerls (each to `target`, game points restart at 0) until one player has won that many.
    """

    target: int | None
    margin: int = 0
    units_to_win: int = 1
    unit_word: Words = BUMMERL
    word: Words = MATCH
    units_key: str = "bummerls"

    @property
    def open_ended(self) -> bool:
        return self.target is None

    def decide(self, m: Match, players: Sequence[str]) -> tuple[Match, list[Msg]]:
        if self.target is None:
            return m, []
        a, b = players
        sa, sb = m.unit_scores[a], m.unit_scores[b]
        t = self.target
        winner: str | None = None
        if self.margin:
            # The first deal at which a player has ≥ T and leads by the margin ends it.
            if sa >= t and sa - sb >= self.margin:
                winner = a
            elif sb >= t and sb - sa >= self.margin:
                winner = b
        elif sa >= t or sb >= t:
            # Only one past T wins; both past T: the higher wins; equal: play on (rule 3).
            winner = _leader(m.unit_scores, players)
        if winner is None:
            if sa >= t and sb >= t:
                if sa == sb:
                    return m, [msg("both past {target} and level: another deal", target=t)]
                return m, [
                    msg(
                        "both past {target} and no lead of {margin}: another deal",
                        target=t,
                        margin=self.margin,
                    )
                ]
            return m, []
        units = dict(m.units)
        units[winner] += 1
        if self.units_to_win > 1 and units[winner] < self.units_to_win:
            uw = self.unit_word
            note = msg(
                "{winner} wins {unit} {number} ({score_a}–{score_b}); {units} {a} {units_a} – {b} {units_b} (to {to_win}); game points restart at 0",
                winner=winner,
                unit=uw.accusative,
                number=sum(units.values()),
                score_a=sa,
                score_b=sb,
                units=uw.plural,
                a=a,
                units_a=units[a],
                b=b,
                units_b=units[b],
                to_win=self.units_to_win,
            )
            return replace(m, units=units, unit_scores=dict.fromkeys(players, 0)), [note]
        return replace(m, units=units, over=True, winner=winner), []

    def describe(self, m: Match, players: Sequence[str]) -> Msg:
        a, b = players
        scores: dict[str, str | int] = {
            "a": a,
            "score_a": m.unit_scores[a],
            "b": b,
            "score_b": m.unit_scores[b],
        }
        if self.target is None:
            text = msg(
                "{match} {number}: {a} {score_a} – {b} {score_b} (open-ended)",
                match=self.word.name,
                number=m.number,
                **scores,
            )
        else:
            text = msg(
                "{match} {number}: {a} {score_a} – {b} {score_b} (to {target})",
                match=self.word.name,
                number=m.number,
                **scores,
                target=self.target,
            )
        if self.units_to_win > 1:
            text = msg(
                "{text}; {units} won {a} {units_a} – {b} {units_b} (to {to_win})",
                text=text,
                units=self.unit_word.plural,
                a=a,
                units_a=m.units[a],
                b=b,
                units_b=m.units[b],
                to_win=self.units_to_win,
            )
        return text

    def extra(self, m: Match) -> dict[str, Any]:
        return {self.units_key: dict(m.units)} if self.units_to_win > 1 else {}


@dataclass(frozen=True, slots=True)
class Series:
    """§10 series rule: a match of `length` deals, each deal score 1 to its winner.

    `by_deals_won`: more deals won wins, stopping early at more than half; then the higher
    `secondary` total; then a draw. Otherwise all deals are played and the higher
    `secondary` total wins (equal: a draw).
    """

    length: int
    by_deals_won: bool
    secondary_key: str
    secondary_word: Msg
    word: Words = MATCH

    open_ended = False

    def decide(self, m: Match, players: Sequence[str]) -> tuple[Match, list[Msg]]:
        if self.by_deals_won:
            leader = _leader(m.scores, players)
            if leader is not None and 2 * m.scores[leader] > self.length:
                return replace(m, over=True, winner=leader), []
            if m.deals < self.length:
                return m, []
            if leader is not None:
                return replace(m, over=True, winner=leader), []
            leader = _leader(m.secondary, players)
            a, b = players
            note = msg(
                "deals won level: {what} {a} {score_a} – {b} {score_b} decide",
                what=self.secondary_word,
                a=a,
                score_a=m.secondary[a],
                b=b,
                score_b=m.secondary[b],
            )
            return replace(m, over=True, winner=leader), [note]
        if m.deals < self.length:
            return m, []
        return replace(m, over=True, winner=_leader(m.secondary, players)), []

    def describe(self, m: Match, players: Sequence[str]) -> Msg:
        a, b = players
        if m.deals == 0:
            return msg(
                "{match} {number} starts: deal 1 of {length}",
                match=self.word.name,
                number=m.number,
                length=self.length,
            )
        return msg(
            "{match} {number}, deal {deal} of {length}: deals won {a} {won_a} – {b} {won_b}, {what} {score_a} – {score_b}",
            match=self.word.name,
            number=m.number,
            deal=m.deals,
            length=self.length,
            a=a,
            won_a=m.scores[a],
            b=b,
            won_b=m.scores[b],
            what=self.secondary_word,
            score_a=m.secondary[a],
            score_b=m.secondary[b],
        )

    def extra(self, m: Match) -> dict[str, Any]:
        return {self.secondary_key: dict(m.secondary)}


MatchRule = ToTarget | Series


# --- the session state -------------------------------------------------------------------


def to_target(rule: str) -> Callable[[Session], MatchRule]:
    """The match rule of a game played to the target its house rule `rule` names (an
    `optional_target`: null plays one open-ended match)."""

    def match_rule(session: Session) -> MatchRule:
        target: Any = session.house_rules[rule]
        return ToTarget(target)

    return match_rule


@dataclass(frozen=True, slots=True)
class State:
    deals: int  # deals played
    last_dealer: str | None
    last_winner: str | None  # the last deal's deal winner (None: no winner)
    totals: dict[str, int]  # Σ Δ per player, for the match settlement
    wins: dict[str, int]  # matches won among the finished ones
    played: int  # matches finished: the next one is number played + 1
    current: Match | None  # the match under way; None before a deal starts a new one
    # The finished matches in order, for the session's result (`matches`): gathered by a
    # replay from the start, never stored (the next deal needs only `played` and `wins`,
    # and the end's payouts and lines only `wins`, `totals` and `current`).
    done: tuple[Match, ...] = field(default=(), metadata=LISTED)


def _new_match(number: int, first_deal: int, players: Sequence[str]) -> Match:
    zero = dict.fromkeys(players, 0)
    return Match(number, first_deal, first_deal, 0, zero, zero, dict(zero), dict(zero))


def _deal_score_line(a: str, b: str, sa: int, sb: int) -> Line:
    """The Δ line: both deal scores and what they make of the zero-sum deltas."""
    da, db = _signed(sa - sb), _signed(sb - sa)
    return Line(
        msg(
            "deal score {a} {score_a}, {b} {score_b} → {a} {delta_a}, {b} {delta_b}",
            a=a,
            score_a=sa,
            b=b,
            score_b=sb,
            delta_a=da,
            delta_b=db,
        )
    )


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else ("±0" if n == 0 else f"−{-n}")


def _item_lines(deal: Deal, players: Sequence[str]) -> tuple[list[Line], int, int]:
    """One line per score item, then the Δ line; returns the lines and both deal scores."""
    a, b = players
    sa = sb = 0
    lines: list[Line] = []
    for who, points, why in deal.items:
        if who is None:
            lines.append(Line(why))
        elif who == a:
            sa += points
            lines.append(Line(why, {a: points, b: -points}))
        else:
            sb += points
            lines.append(Line(why, {b: points, a: -points}))
    lines.append(_deal_score_line(a, b, sa, sb))
    return lines, sa, sb


def _add_deal(
    state: State, deal: Deal, number: int, players: Sequence[str], sa: int, sb: int
) -> Match:
    """The current match (or a new one) with this deal's scores added, not yet decided."""
    a, b = players
    m = state.current or _new_match(state.played + 1, number, players)
    sec = deal.secondary
    return Match(
        m.number,
        m.first_deal,
        number,
        m.deals + 1,
        {a: m.scores[a] + sa, b: m.scores[b] + sb},
        {a: m.unit_scores[a] + sa, b: m.unit_scores[b] + sb},
        m.units,
        {a: m.secondary[a] + sec[a], b: m.secondary[b] + sec[b]} if sec else m.secondary,
    )


def _match_over_line(
    word: Words, m: Match, wins: Mapping[str, int], players: Sequence[str]
) -> Line:
    """The line that ends a match: who won it (or a draw), the wins so far, what comes next."""
    a, b = players
    if m.winner is None:
        ending = msg("{match} {number} is drawn", match=word.name, number=m.number)
    else:
        ending = msg(
            "{winner} wins {match} {number}",
            winner=m.winner,
            match=word.accusative,
            number=m.number,
        )
    return Line(
        msg(
            "{ending}; won so far {a} {wins_a} – {b} {wins_b}; the next deal starts {match} {next}",
            ending=ending,
            a=a,
            wins_a=wins[a],
            b=b,
            wins_b=wins[b],
            match=word.name,
            next=m.number + 1,
        )
    )


def _settled_by_matches(
    session: Session, state: State, rule: MatchRule, wins: Mapping[str, int]
) -> tuple[dict[str, int], list[Line]]:
    """§13.5: payouts turn (totals + payouts) × stake into the match settlement."""
    a, b = session.players
    per = session.house_rules["stake_per_match"]
    net = per * (wins[a] - wins[b])
    payouts = {a: net - state.totals[a], b: -net - state.totals[b]}
    lines = [
        Line(
            msg(
                "settled by matches: {a} won {wins_a}, {b} won {wins_b} → {a} {net} = {stake} × ({wins_a} − {wins_b})",
                a=a,
                wins_a=wins[a],
                b=b,
                wins_b=wins[b],
                net=_signed(net),
                stake=per,
            )
        ),
        Line(
            msg(
                "payouts replace the deal points: {a} {net_a} − ({total_a}) = {payout_a}, {b} {net_b} − ({total_b}) = {payout_b}",
                a=a,
                net_a=_signed(net),
                total_a=_signed(state.totals[a]),
                payout_a=_signed(payouts[a]),
                b=b,
                net_b=_signed(-net),
                total_b=_signed(state.totals[b]),
                payout_b=_signed(payouts[b]),
            )
        ),
    ]
    if state.current is not None and not rule.open_ended:
        lines.append(
            Line(
                msg(
                    "the unfinished {match} {number} is not settled",
                    match=rule.word.name,
                    number=state.current.number,
                )
            )
        )
    return payouts, lines


# --- the variant -------------------------------------------------------------------------


ReadDeal = Callable[[Session, Reader], Deal | None]


class TwoPlayerGame:
    """The `Variant` of one two-player game, given the game's own reader and match rule."""

    min_players = 2
    max_players = 2
    pot_names: tuple[str, ...] = ()

    def __init__(
        self,
        *,
        key: str,
        title: Msg,
        rules: tuple[HouseRule, ...],
        result: Obj,
        read: ReadDeal,
        match_rule: Callable[[Session], MatchRule],
    ) -> None:
        self.key = key
        self.title = title
        self.house_rules: tuple[HouseRule, ...] = COMMON_RULES + rules
        self.result_keys = frozenset(result.fields)
        # §13.2: the dealer and the game's result; session keys a hand may repeat are ignored
        self.record = fields(dealer=DEALER, result=result, ignore=IGNORED_HAND_KEYS)
        self.event_record: Obj | None = None  # no session events (join, leave)
        self.read = read
        self.match_rule = match_rule

    def rule_for(self, session: Session) -> MatchRule:
        """The session's match rule, from its house rules."""
        return self.match_rule(session)

    # -- lifecycle

    def start(self, session: Session) -> tuple[State, list[Entry]]:
        zero = dict.fromkeys(session.players, 0)
        return State(0, None, None, zero, dict(zero), 0, None), []

    def event(
        self, session: Session, state: State, event: Mapping[str, Any]
    ) -> tuple[State, list[Entry]]:
        # §13.3 item 1: an entry of `hands` that is a session event is refused.
        raise InvalidHand.one("event", msg("two-player games have no session events (join, leave)"))

    def next_dealer(self, session: Session, state: State) -> str | None:
        """§10 "Who deals next"; None before the first deal (its dealer is free)."""
        if state.last_dealer is None:
            return None
        if session.house_rules["dealer_rotation"] == "loser_deals" and state.last_winner:
            return other(session.players, state.last_winner)
        return other(session.players, state.last_dealer)

    def play(
        self, session: Session, state: State, hand: Mapping[str, Any], number: int
    ) -> tuple[State, list[Entry]]:
        players = session.players
        problems = Problems()
        record = Reader(hand, problems)
        dealer = record.player("dealer", players)
        expected = self.next_dealer(session, state)
        if dealer is not None and expected is not None and dealer != expected:
            why = session.house_rules["dealer_rotation"]
            problems.add(
                "dealer",
                msg(
                    "{expected} deals this deal, not {dealer} (dealer rotation: {rotation})",
                    expected=expected,
                    dealer=dealer,
                    rotation=ROTATION_NAMES[why],
                ),
            )
        res = record.obj("result")
        deal = None
        if res is not None:
            if not self.result_keys.issuperset(res.data):
                for name in res.data:
                    if name not in self.result_keys:
                        problems.add(
                            res.path(name),
                            msg("is not a result field of {game}", game=self.key),
                        )
            deal = self.read(session, res)
        problems.raise_if_any()
        assert deal is not None
        assert dealer is not None
        return self._book(session, state, deal, dealer, number)

    def _book(
        self, session: Session, state: State, deal: Deal, dealer: str, number: int
    ) -> tuple[State, list[Entry]]:
        """Books a read deal: its lines, the match after it and the new state."""
        players = session.players
        a, b = players
        lines, sa, sb = _item_lines(deal, players)
        rule = self.rule_for(session)
        m, notes = rule.decide(_add_deal(state, deal, number, players, sa, sb), players)
        lines.append(Line(rule.describe(m, players)))
        lines.extend([Line(n) for n in notes])
        done, wins, played = state.done, state.wins, state.played
        current: Match | None = m
        if m.over:
            done, current, played = (*done, m), None, played + 1
            if m.winner is not None:
                wins = {**wins, m.winner: wins[m.winner] + 1}
            lines.append(_match_over_line(rule.word, m, wins, players))
        entry = Entry.from_lines(
            kind="hand",
            number=number,
            dealer=dealer,
            players=players,
            pot_names=(),
            lines=lines,
            summary=deal.summary,
        )
        delta = sa - sb
        totals = {a: state.totals[a] + delta, b: state.totals[b] - delta}
        after = State(state.deals + 1, dealer, deal.winner, totals, wins, played, current, done)
        return after, [entry]

    # -- the session's end and the table

    def _all_matches(self, session: Session, state: State) -> list[Match]:
        matches = list(state.done)
        if state.current is not None:
            m = state.current
            rule = self.rule_for(session)
            if rule.open_ended:
                # §10 rule 4: the single match of an open-ended game ends with the session.
                m = replace(m, over=True, winner=_leader(m.scores, session.players))
            matches.append(m)
        return matches

    def end_of_session(self, session: Session, state: State) -> EndOfSession:
        players = session.players
        rule = self.rule_for(session)
        matches = self._all_matches(session, state)
        wins = dict(state.wins)
        last = matches[-1] if matches else None
        if state.current is not None and last is not None and last.over and last.winner:
            wins[last.winner] += 1  # the open-ended match, ended by the session's end
        listed = [
            {
                "first_deal": m.first_deal,
                "last_deal": m.last_deal,
                "scores": dict(m.scores),
                "over": m.over,
                "winner": m.winner,
                **rule.extra(m),
            }
            for m in matches
        ]
        payouts = dict.fromkeys(players, 0)
        lines: list[Line] = []
        if session.house_rules["settlement_mode"] == "match":
            payouts, lines = _settled_by_matches(session, state, rule, wins)
        return EndOfSession(
            payouts=payouts,
            pots_left={},
            lines=tuple(lines),
            extra={"matches": listed, "match_wins": wins},
        )

    def table_hint(self, session: Session, state: State) -> TableHint:
        players = session.players
        a, b = players
        rule = self.rule_for(session)
        word = rule.word
        nxt = self.next_dealer(session, state)
        m = state.current or _new_match(state.played + 1, state.deals + 1, players)
        wins = state.wins
        notes = (
            rule.describe(m, players),
            msg(
                "{matches} played {played}, won {a} {wins_a} – {b} {wins_b}",
                matches=word.plural,
                played=state.played,
                a=a,
                wins_a=wins[a],
                b=b,
                wins_b=wins[b],
            ),
        )
        return TableHint(next_dealer=nxt if nxt is not None else players[0], notes=notes)

    def dump_state(self, state: State) -> dict[str, Any]:
        return dump_dataclass(state)

    def load_state(self, data: Mapping[str, Any]) -> State:
        if "played" not in data:  # stored before issue 20: the finished matches themselves
            data = {**data, "played": len(data.get("done") or ())}
        loaded: State = load_dataclass(State, data)
        return loaded


__all__ = [
    "BUMMERL",
    "COMMON_RULES",
    "MATCH",
    "MATCH_GROUP",
    "CheckedRule",
    "Deal",
    "Match",
    "Series",
    "State",
    "ToTarget",
    "TwoPlayerGame",
    "Words",
    "int_list_checker",
    "joined",
    "other",
    "pair_map",
    "required_bool",
]
