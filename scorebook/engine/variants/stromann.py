"""Strómann tarokk (strómanntarokk): two players, 54 (or 42) cards, talon piles in front.

Spec: shared/rules/stromann.md; source: seed 004 (Tolnai 1930) §72, with the card counting
of §66–§67, the "fejek" of §71 and the imported contra ladder (§48) and revoke (§62*).

Two games: "mehet" (both say it: a simple game for 2) and "játék" (one player undertakes
it: 3 to him if he wins, 4 from him if he loses, contra'd as a whole). Hand bonuses are paid
by the other player whatever the game result, doubled in "játék", never contra'd.

A hand is read (`read`: the record into a `StromannHand`), checked (`check`: the rules
between its fields) and scored (`score`: tariff lines and payments).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from scorebook.engine.errors import InvalidHand, Problems
from scorebook.engine.facts import Contra, Figure, HandFacts, contra_on, generic_facts, own_figures
from scorebook.engine.messages import Msg, msg, pmsg, said
from scorebook.engine.payments import CONTRA_NAMES
from scorebook.engine.record import Reader
from scorebook.engine.shape import (
    INT,
    PLAYER,
    TEXT,
    Choice,
    When,
    as_grid,
    choice_grid,
    fields,
    maybe,
    rows,
)
from scorebook.engine.state import dump_dataclass, load_dataclass
from scorebook.engine.types import EndOfSession, Entry, HouseRule, Line, Session, TableHint

# An argument of a message: a number, a name, or a message translated in its turn.
Arg = str | int | Msg

KEY = "stromann"
BIDS = ("mehet", "jatek")
BONUSES = ("trull", "four_kings", "heads")
BONUS_NAMES = {
    "trull": msg("tulétroá"),
    "four_kings": msg("négy király"),
    "heads": msg("fejek"),
}

MEHET = 2  # the simple game, loser to winner (seed 004 §72: "díja 2 pont")
JATEK_WON = 3  # to the declarer who wins (seed 004 §72: "nyerésnél 3 pontot kap")
JATEK_LOST = 4  # from the declarer who loses (seed 004 §72: "vesztésnél 4-et fizet")
BONUS = 1  # tulétroá, négy király, csendes ultimó (seed 004 §72: "jutalma 1 pont")
JATEK_FACTOR = 2  # "Játéknál minden díjat kétszeresen fizetnek" (seed 004 §72)
# Card points of the pack and what wins (seed 004 §67, §72); 42 cards: spec S4.
TOTAL = {54: 70, 42: 66}
WIN_54 = 36
# The fewest card points of a pile holding the pagát: its integer part 4 and the one
# more card of its trick, a final pair counting 1 (seed 004 §66).
PAGAT_PILE = 5
IRREGULARITIES = ("revoke",)  # imported seed 004 §62*

# How the hand form offers the bids, bonuses, contras and irregularities.
BID_CHOICES = {
    "mehet": pmsg("stromann choice", "mehet (simple game)"),
    "jatek": msg("játék"),
}
BONUS_CHOICES = {
    "trull": msg("tulétroá"),
    "four_kings": msg("four kings (négy király)"),
    "heads": msg("fejek"),
}
IRREGULARITY_CHOICES = {"revoke": msg("revoke (renonsz)")}
AT_JATEK = When("bid", ("jatek",))
AT_MEHET = When("bid", ("mehet",))

# The hand record (spec §13), field by field: what `check_input` lets through to the reader.
# Each field as far as the bid says it exists: the declarer, his points and the contra at
# játék, the non-dealer's points at mehet.
# The card-point fields by their labels (a problem names the one to use by it).
POINTS_LABELS = {
    "declarer_points": pmsg("stromann field", "Játék: the declarer's card points"),
    "non_dealer_points": pmsg("stromann field", "Mehet: the non-dealer's card points"),
}
RECORD = fields(
    dealer=PLAYER.but(label=msg("Dealer")),
    bid=TEXT.but(
        label=msg("Bid"),
        choices=tuple(Choice(bid, BID_CHOICES[bid]) for bid in BIDS),
    ),
    declarer=PLAYER.but(label=pmsg("stromann field", "Said “játék”"), when=AT_JATEK),
    # every level the ladder has; the house rule max_contra_level caps the reader's range
    contra=INT.but(
        label=pmsg("stromann field", "Contra (játék)"),
        choices=tuple(
            Choice(level, name if level else said("—")) for level, name in enumerate(CONTRA_NAMES)
        ),
        default=0,
        when=AT_JATEK,
    ),
    announcements=as_grid(
        rows(
            player=PLAYER.but(label=msg("Player")),
            bonus=TEXT.but(
                label=msg("Bonus"),
                choices=tuple(Choice(b, BONUS_CHOICES[b]) for b in BONUSES),
            ),
        ),
        choice_grid("bonus"),
    ),
    silent_ultimo_by=PLAYER.but(
        label=pmsg("stromann field", "Pagát won the last trick (silent ultimó)")
    ),
    # the pack's card points (the 54-card pack has the most; the house rule deck_size picks)
    declarer_points=INT.but(
        label=POINTS_LABELS["declarer_points"],
        lo=0,
        hi=max(TOTAL.values()),
        when=AT_JATEK,
    ),
    non_dealer_points=INT.but(
        label=POINTS_LABELS["non_dealer_points"],
        lo=0,
        hi=max(TOTAL.values()),
        when=AT_MEHET,
    ),
    irregularity=maybe(
        type=TEXT.but(
            label=msg("Irregularity"),
            choices=tuple(Choice(i, IRREGULARITY_CHOICES[i]) for i in IRREGULARITIES),
        ),
        player=PLAYER.but(label=msg("Offender")),
    ),
)


def _rule(name: str, default: Any, kind: str, help: Msg, **kw: Any) -> HouseRule:
    return HouseRule(name, default, kind, help, **kw)


DEALING_GROUP = pmsg("stromann house rule group", "Pack and bidding")
GAME_GROUP = pmsg("stromann house rule group", "Game and bonuses")
PENALTY_GROUP = msg("Penalties")

HOUSE_RULES = (
    _rule(
        "deck_size",
        54,
        "choice",
        msg("Cards in the pack: 54 (70 card points, 36 wins) or 42 (66 card points)"),
        choices=(54, 42),
        choice_labels=(
            msg("54 cards"),
            msg("42 cards"),
        ),
        group=DEALING_GROUP,
        label=msg("Pack"),
    ),
    _rule(
        "bid_order",
        "non_dealer_first",
        "choice",
        msg("Who speaks first: the non-dealer (default) or the dealer (recording only)"),
        choices=("non_dealer_first", "dealer_first"),
        choice_labels=(
            pmsg("stromann house rule", "the non-dealer"),
            pmsg("stromann house rule", "the dealer"),
        ),
        group=DEALING_GROUP,
        label=pmsg("stromann house rule", "Who bids first"),
    ),
    _rule(
        "jatek_doubles_game",
        False,
        "bool",
        msg("In játék the game's 3 / 4 is doubled too (6 / 8 before the contra)"),
        group=GAME_GROUP,
        label=pmsg("stromann house rule", "Játék doubles the game"),
    ),
    _rule(
        "fejek_value",
        1,
        "int",
        msg("Value of an announced fejek (two honours) in the simple game; doubled in játék"),
        minimum=0,
        group=GAME_GROUP,
        label=pmsg("stromann house rule", "Fejek value"),
    ),
    _rule(
        "threshold_42",
        34,
        "int",
        msg("Card points that win with 42 cards (of 66)"),
        minimum=1,
        maximum=66,
        group=DEALING_GROUP,
        label=pmsg("stromann house rule", "Winning points with 42 cards"),
    ),
    _rule(
        "tuletroa_includes_fejek",
        False,
        "bool",
        msg("An announced tulétroá also earns the fejek value"),
        group=GAME_GROUP,
        label=msg("Tulétroá includes fejek"),
    ),
    _rule(
        "late_bonus_announcement",
        False,
        "bool",
        msg("A bonus may be announced after its first card was played (recording only)"),
        group=DEALING_GROUP,
        label=pmsg("stromann house rule", "Late bonus announcement"),
    ),
    _rule(
        "max_contra_level",
        5,
        "choice",
        msg("Highest contra on játék: 5 mordkontra (full ladder) or 2 rekontra"),
        choices=(5, 2),
        choice_labels=(
            msg("up to mordkontra (5)"),
            msg("up to rekontra (2)"),
        ),
        group=GAME_GROUP,
        label=msg("Highest contra"),
    ),
    _rule(
        "dealer_rotation",
        "alternate",
        "choice",
        msg("The deal alternates between the two players"),
        choices=("alternate",),
        choice_labels=(msg("alternate"),),
        group=DEALING_GROUP,
        label=pmsg("stromann house rule", "Dealing"),
    ),
    _rule(
        "revoke_penalty",
        True,
        "bool",
        msg("A revoker pays the game and the other's announced bonuses (off: scored normally)"),
        group=PENALTY_GROUP,
        label=msg("Revoke penalty"),
    ),
)


@dataclass(frozen=True, slots=True)
class StromannState:
    last_dealer: str | None
    hands: int


class Bonus(NamedTuple):
    position: int  # its place in the record's list, for the problem's field name
    player: str | None  # None when the record's `player` was refused
    bonus: str


class StromannHand(NamedTuple):
    dealer: str | None
    bid: str | None
    revoker: str | None  # irregularity.player
    penalised: bool  # a revoke paid as a penalty (house rule revoke_penalty)
    declarer: str | None  # at játék
    contra: int
    points: int | None  # declarer_points at játék, non_dealer_points at mehet
    bonuses: tuple[Bonus, ...]
    ultimo: str | None  # silent_ultimo_by


# --- read --------------------------------------------------------------------------------


def read(r: Reader, session: Session) -> StromannHand:
    """The record (spec section 13), each field as far as the bid says it exists."""
    players = session.players
    rules = session.house_rules
    dealer = r.player("dealer", players)
    bid = r.choice("bid", BIDS)
    revoker = _read_revoke(r, players)
    penalised = revoker is not None and bool(rules["revoke_penalty"])
    declarer = _read_declarer(r, players, bid)
    # Contra only on "játék" (seed 004 §72: "Egyszerű játéknál nincs kontra"): see check.
    contra = r.integer("contra", lo=0, hi=rules["max_contra_level"], default=0) or 0
    points = _read_points(r, rules, bid, penalised)
    bonuses = _read_bonuses(r, players)
    ultimo = r.player("silent_ultimo_by", players, optional=True)
    return StromannHand(dealer, bid, revoker, penalised, declarer, contra, points, bonuses, ultimo)


def _read_revoke(r: Reader, players: tuple[str, ...]) -> str | None:
    """The revoker (imported seed 004 §62*): it decides whether card points are needed."""
    irr = r.obj("irregularity", optional=True)
    if irr is None:
        return None
    irr.choice("type", IRREGULARITIES)
    return irr.player("player", players)


def _read_declarer(r: Reader, players: tuple[str, ...], bid: str | None) -> str | None:
    if bid == "jatek":
        return r.player("declarer", players)
    if bid == "mehet" and r.has("declarer"):
        r.problems.add(
            "declarer",
            msg("only at játék (nobody is declarer when both say mehet)"),
        )
    return None


def _read_points(
    r: Reader, rules: Mapping[str, Any], bid: str | None, penalised: bool
) -> int | None:
    """The declarer's card points at játék, the non-dealer's at mehet (spec section 13);
    a penalised revoke voids the hand, so they may be missing then."""
    if bid is None:
        return None
    wanted, unused = (
        ("declarer_points", "non_dealer_points")
        if bid == "jatek"
        else ("non_dealer_points", "declarer_points")
    )
    points = r.integer(wanted, lo=0, hi=TOTAL[rules["deck_size"]], optional=penalised)
    if r.has(unused):
        if bid == "jatek":
            text = msg("must be empty at játék (give ‘{field}’)", field=POINTS_LABELS[wanted])
        else:
            text = msg("must be empty at mehet (give ‘{field}’)", field=POINTS_LABELS[wanted])
        r.problems.add(unused, text)
    return points


def _read_bonuses(r: Reader, players: tuple[str, ...]) -> tuple[Bonus, ...]:
    """Every announced bonus that could be read."""
    result = []
    for i, item in enumerate(r.items("announcements")):
        who = item.player("player", players)
        bonus = item.choice("bonus", BONUSES)
        if bonus is not None:
            result.append(Bonus(i, who, bonus))
    return tuple(result)


# --- check -------------------------------------------------------------------------------


def check(hand: StromannHand, session: Session, problems: Problems) -> None:
    """The rules between fields (spec section 13)."""
    if hand.contra and hand.bid == "mehet":
        problems.add(
            "contra",
            msg("the simple game (mehet) cannot be contra'd (Tolnai 1930, §72)"),
        )
    if hand.bonuses:
        _check_bonuses(hand.bonuses, problems)
    if hand.ultimo is not None:
        _check_ultimo(hand, session, problems)


def _check_bonuses(bonuses: tuple[Bonus, ...], problems: Problems) -> None:
    """Each bonus at most once, never both tulétroá and fejek (there are only three
    honours)."""
    seen: set[str] = set()
    for i, _, bonus in bonuses:
        path = f"announcements[{i}].bonus"
        if bonus in seen:
            problems.add(
                path,
                msg("{bonus} is announced twice", bonus=BONUS_NAMES[bonus]),
            )
        elif {bonus, *seen} >= {"trull", "heads"}:
            problems.add(
                path,
                msg("tulétroá and fejek cannot both be held (there are only three honours)"),
            )
        else:
            seen.add(bonus)


def _check_ultimo(hand: StromannHand, session: Session, problems: Problems) -> None:
    """The silent ultimó's pagát: its holder's, and in his tricks (spec sections 2, 4)."""
    ultimo = hand.ultimo
    assert ultimo is not None
    trull = next((b.player for b in hand.bonuses if b.bonus == "trull"), None)
    if trull is not None and trull != ultimo:
        problems.add(
            "silent_ultimo_by",
            msg(
                "{holder} held the pagát (tulétroá): {who}'s pagát cannot win the last trick",
                holder=trull,
                who=ultimo,
            ),
        )
    counted = hand.declarer if hand.bid == "jatek" else hand.dealer
    if hand.points is None or counted is None:
        return
    field = "declarer_points" if hand.bid == "jatek" else "non_dealer_points"
    if hand.bid == "mehet":
        counted = _other(session.players, counted)  # the non-dealer's points
    total = TOTAL[session.house_rules["deck_size"]]
    if counted == ultimo and hand.points < PAGAT_PILE:
        problems.add(
            field,
            msg(
                "{points} is below {low}: {who}'s tricks hold the pagát "
                "(silent ultimó) and the card it won",
                points=hand.points,
                low=PAGAT_PILE,
                who=ultimo,
            ),
        )
    elif counted != ultimo and hand.points > total - PAGAT_PILE:
        problems.add(
            field,
            msg(
                "{points} is above {high}: {who}'s tricks hold the pagát "
                "(silent ultimó) and the card it won, worth at least {low}",
                points=hand.points,
                high=total - PAGAT_PILE,
                who=ultimo,
                low=PAGAT_PILE,
            ),
        )


# --- score -------------------------------------------------------------------------------


def score(hand: StromannHand, session: Session) -> tuple[list[Line], Msg]:
    """The hand's lines and summary: the revoke penalty alone, or the game, the announced
    bonuses, the silent ultimó and a revoke not penalised."""
    players = session.players
    rules = session.house_rules
    if hand.penalised:
        return _revoke(hand, rules, players)
    if hand.bid == "jatek":
        lines, summary = _jatek(hand, rules, players)
    else:
        lines, summary = _mehet(hand, rules, players)
    jatek = hand.bid == "jatek"
    factor = JATEK_FACTOR if jatek else 1
    for _, who, bonus in hand.bonuses:
        assert who is not None
        lines.append(_bonus_line(rules, players, who, bonus, factor, jatek))
        if bonus == "trull" and rules["tuletroa_includes_fejek"]:
            lines.append(_bonus_line(rules, players, who, "heads", factor, jatek, also=True))
    if hand.ultimo is not None:
        lines.append(_ultimo_line(players, hand.ultimo, factor, jatek))
    if hand.revoker is not None:
        text = msg(
            "revoke by {offender}: not penalised (by the house rules)",
            offender=hand.revoker,
        )
        lines.append(Line(text))
    return lines, summary


def _threshold(rules: Mapping[str, Any]) -> int:
    return WIN_54 if rules["deck_size"] == 54 else int(rules["threshold_42"])


def _jatek(
    hand: StromannHand, rules: Mapping[str, Any], players: tuple[str, ...]
) -> tuple[list[Line], Msg]:
    """ "Játék": 3 to the declarer if he wins, 4 from him if he loses, contra'd (seed 004
    §72); doubled before the contra with jatek_doubles_game."""
    declarer, points, contra = hand.declarer, hand.points, hand.contra
    assert declarer is not None
    assert points is not None
    threshold = _threshold(rules)
    opponent = _other(players, declarer)
    won = points >= threshold
    base = JATEK_WON if won else JATEK_LOST
    arith: Arg = _arith(base, contra)
    if rules["jatek_doubles_game"]:
        doubled = f"{base} × {JATEK_FACTOR} = {base * JATEK_FACTOR}"
        base *= JATEK_FACTOR
        arith = doubled
        if contra:
            arith = msg("{doubled}; {arith}", doubled=doubled, arith=_arith(base, contra))
    amount = base * 2**contra
    args: dict[str, Arg] = {
        "declarer": declarer,
        "points": points,
        "threshold": threshold,
        "arith": arith,
    }
    if won:
        text = msg(
            "játék by {declarer} won, {points} ≥ {threshold} card points: {arith}; "
            "{opponent} → {declarer}: {amount}",
            opponent=opponent,
            amount=amount,
            **args,
        )
        line = Line(text, _pay(opponent, declarer, amount))
        summary = msg(
            "játék {declarer}, {points} card points, won", declarer=declarer, points=points
        )
        return [line], summary
    tie = points * 2 == TOTAL[rules["deck_size"]]
    line = Line(_jatek_lost(tie, opponent, amount, args), _pay(declarer, opponent, amount))
    summary = msg("játék {declarer}, {points} card points, lost", declarer=declarer, points=points)
    return [line], summary


def _jatek_lost(tie: bool, opponent: str, amount: int, args: dict[str, Arg]) -> Msg:
    if tie:
        return msg(
            "játék by {declarer} lost, {points} < {threshold} card points "
            "(tie: the opponent wins): {arith}; {declarer} → {opponent}: {amount}",
            opponent=opponent,
            amount=amount,
            **args,
        )
    return msg(
        "játék by {declarer} lost, {points} < {threshold} card points: {arith}; "
        "{declarer} → {opponent}: {amount}",
        opponent=opponent,
        amount=amount,
        **args,
    )


def _mehet(
    hand: StromannHand, rules: Mapping[str, Any], players: tuple[str, ...]
) -> tuple[list[Line], Msg]:
    """The simple game: the non-dealer needs the threshold; below it the dealer wins, so
    at 35–35 the dealer wins (seed 004 §72), and with 42 cards likewise (spec S4)."""
    dealer, points = hand.dealer, hand.points
    assert dealer is not None
    assert points is not None
    threshold = _threshold(rules)
    non_dealer = _other(players, dealer)
    won = points >= threshold
    winner, loser = (non_dealer, dealer) if won else (dealer, non_dealer)
    args: dict[str, Arg] = {
        "non_dealer": non_dealer,
        "points": points,
        "threshold": threshold,
        "amount": MEHET,
        "loser": loser,
        "winner": winner,
    }
    if won:
        text = msg(
            "mehet: {non_dealer} has {points} ≥ {threshold} card points and wins {amount}; "
            "{loser} → {winner}: {amount}",
            **args,
        )
    elif points * 2 == TOTAL[rules["deck_size"]]:
        text = msg(
            "mehet: {non_dealer} has {points} < {threshold} card points, a tie goes to the "
            "dealer, the dealer {dealer} wins {amount}; {loser} → {winner}: {amount}",
            dealer=dealer,
            **args,
        )
    else:
        text = msg(
            "mehet: {non_dealer} has {points} < {threshold} card points, the dealer {dealer} "
            "wins {amount}; {loser} → {winner}: {amount}",
            dealer=dealer,
            **args,
        )
    line = Line(text, _pay(loser, winner, MEHET))
    return [line], msg("mehet, {winner} wins", winner=winner)


def _bonus_line(
    rules: Mapping[str, Any],
    players: tuple[str, ...],
    who: str,
    bonus: str,
    factor: int,
    jatek: bool,
    *,
    also: bool = False,
) -> Line:
    """An announced hand bonus, paid by the other player (seed 004 §71–§72)."""
    value = rules["fejek_value"] if bonus == "heads" else BONUS
    amount = value * factor
    other = _other(players, who)
    arith = f"{value} × {JATEK_FACTOR} = {amount}" if jatek else f"{amount}"
    if also:
        text = msg(
            "fejek with the tulétroá of {who} (house rule): {arith}",
            who=who,
            arith=arith,
        )
    else:
        text = msg(
            "{bonus} announced by {who}: {arith}", bonus=BONUS_NAMES[bonus], who=who, arith=arith
        )
    if amount == 0:
        return Line(text)
    text = msg(
        "{item}; {payer} → {payee}: {amount}", item=text, payer=other, payee=who, amount=amount
    )
    return Line(text, _pay(other, who, amount))


def _ultimo_line(players: tuple[str, ...], ultimo: str, factor: int, jatek: bool) -> Line:
    """A silent ultimó, paid by the other player (seed 004 §72)."""
    value = BONUS * factor
    other = _other(players, ultimo)
    doubled = f"{BONUS} × {JATEK_FACTOR} = {value}" if jatek else f"{value}"
    text = msg(
        "csendes ultimó by {who}: {arith}; {payer} → {who}: {amount}",
        who=ultimo,
        arith=doubled,
        payer=other,
        amount=value,
    )
    return Line(text, _pay(other, ultimo, value))


def _revoke(
    hand: StromannHand, rules: Mapping[str, Any], players: tuple[str, ...]
) -> tuple[list[Line], Msg]:
    """Imported seed 004 §62*: the revoker pays the other the game and the other's
    announced bonuses; nothing else is scored (spec section 9)."""
    revoker, declarer, contra = hand.revoker, hand.declarer, hand.contra
    assert revoker is not None
    other = _other(players, revoker)
    if declarer is None:
        game = MEHET
        arith = pmsg("stromann revoke", "mehet {amount}", amount=MEHET)
    else:
        # The declarer revoking pays as if he had lost (4m), the opponent as if the
        # declarer had won (3m).
        base = JATEK_LOST if revoker == declarer else JATEK_WON
        if rules["jatek_doubles_game"]:
            base *= JATEK_FACTOR
        game = base * 2**contra
        arith = pmsg("stromann revoke", "játék {arith}", arith=_arith(base, contra))
    factor = JATEK_FACTOR if declarer is not None else 1
    x, parts = game, 1
    for _, who, bonus in hand.bonuses:
        if who != other:
            continue
        value = (rules["fejek_value"] if bonus == "heads" else BONUS) * factor
        if bonus == "trull" and rules["tuletroa_includes_fejek"]:
            value += rules["fejek_value"] * factor
        part = pmsg("stromann revoke", "{bonus} {amount}", bonus=BONUS_NAMES[bonus], amount=value)
        arith = msg("{sum}; {part}", sum=arith, part=part)
        x += value
        parts += 1
    if parts > 1:
        arith = msg("{parts}; in all {total}", parts=arith, total=x)
    text = msg(
        "revoke by {revoker} (Tolnai 1930, §62*): {arith}; {revoker} → {other}: {amount}",
        revoker=revoker,
        arith=arith,
        other=other,
        amount=x,
    )
    if declarer is None:
        summary = msg("mehet: revoke by {revoker}", revoker=revoker)
    else:
        summary = msg("játék {declarer}: revoke by {revoker}", declarer=declarer, revoker=revoker)
    return [Line(text, _pay(revoker, other, x))], summary


def _arith(value: int, level: int) -> int | Msg:
    """`3` or `3 × 2 (kontra) = 6`."""
    if not level:
        return value
    return msg(
        "{value} × {factor} ({contra}) = {total}",
        value=value,
        factor=2**level,
        contra=CONTRA_NAMES[level],
        total=value * 2**level,
    )


def _pay(payer: str, payee: str, amount: int) -> dict[str, int]:
    return {payer: -amount, payee: amount}


def _other(players: tuple[str, ...], who: str) -> str:
    return players[1] if who == players[0] else players[0]


# --- the statistics' facts ----------------------------------------------------------------


def hand_facts(
    players: tuple[str, ...], record: Mapping[str, Any], rules: Mapping[str, Any]
) -> HandFacts:
    """ "Mehet": each for himself; "játék": the declarer against the other, kontra'd as a
    whole. The announced bonuses are their holder's own figures, the silent ultimó a pagát
    ultimó made silently."""
    facts = generic_facts(players, record)
    figures = own_figures(facts.roles, record.get("announcements"), "player", "bonus")
    silent = record.get("silent_ultimo_by")
    if silent in players:
        figures.append(Figure("pagat_ultimo", (silent,), announced=False, made=True))
    level = int(record.get("contra") or 0)
    contras: tuple[Contra, ...] = ()
    if record.get("bid") == "jatek" and level:
        threshold = _threshold(rules) if "deck_size" in rules else WIN_54  # the default pack
        won = int(record.get("declarer_points") or 0) >= threshold
        contras = (contra_on("game", level, facts.roles, "declarer", won),)
    return HandFacts(facts.roles, facts.level, tuple(figures), contras)


# --- the variant -------------------------------------------------------------------------


class Stromann:
    key = KEY
    title = pmsg("game title", "Strómann (two-player dummy tarokk)")
    min_players = 2
    max_players = 2
    pot_names: tuple[str, ...] = ()
    house_rules = HOUSE_RULES
    record = RECORD
    event_record = None

    def start(self, session: Session) -> tuple[StromannState, list[Entry]]:
        return StromannState(None, 0), []

    def event(
        self, session: Session, state: StromannState, event: Mapping[str, Any]
    ) -> tuple[StromannState, list[Entry]]:
        raise InvalidHand.one(
            "event",
            msg("Strómann has no session events: the same two players all night"),
        )

    def play(
        self, session: Session, state: StromannState, hand: Mapping[str, Any], number: int
    ) -> tuple[StromannState, list[Entry]]:
        problems = Problems()
        parsed = read(Reader(hand, problems), session)
        check(parsed, session, problems)
        problems.raise_if_any()
        lines, summary = score(parsed, session)
        entry = Entry.from_lines(
            kind="hand",
            number=number,
            dealer=parsed.dealer,
            players=session.players,
            pot_names=(),
            lines=lines,
            summary=summary,
        )
        return StromannState(parsed.dealer, state.hands + 1), [entry]

    def end_of_session(self, session: Session, state: StromannState) -> EndOfSession:
        # No pots (spec section 8): nothing to pay out.
        return EndOfSession(dict.fromkeys(session.players, 0), {})

    def table_hint(self, session: Session, state: StromannState) -> TableHint:
        if state.last_dealer is None:
            return TableHint(None)  # the first dealer is drawn by lot (spec section 10)
        return TableHint(_other(session.players, state.last_dealer))

    def dump_state(self, state: StromannState) -> dict[str, Any]:
        return dump_dataclass(state)

    def load_state(self, data: Mapping[str, Any]) -> StromannState:
        state: StromannState = load_dataclass(StromannState, data)
        return state


VARIANT = Stromann()
