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
from scorebook.engine.payments import CONTRA_NAMES
from scorebook.engine.record import Reader
from scorebook.engine.shape import INT, PLAYER, TEXT, fields, rows
from scorebook.engine.state import dump_dataclass, load_dataclass
from scorebook.engine.types import EndOfSession, Entry, HouseRule, Line, Session, TableHint, Text

# The hand record (spec §13), field by field: what `check_input` lets through to the reader.
RECORD = fields(
    dealer=PLAYER,
    bid=TEXT,
    declarer=PLAYER,
    contra=INT,
    announcements=rows(player=PLAYER, bonus=TEXT),
    silent_ultimo_by=PLAYER,
    declarer_points=INT,
    non_dealer_points=INT,
    irregularity=fields(type=TEXT, player=PLAYER),
)

KEY = "stromann"
BIDS = ("mehet", "jatek")
BONUSES = ("trull", "four_kings", "heads")
BONUS_NAMES = {"trull": "tulétroá", "four_kings": "négy király", "heads": "fejek"}

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


def _rule(name: str, default: Any, kind: str, en: str, hu: str, **kw: Any) -> HouseRule:
    return HouseRule(name, default, kind, Text(en, hu), **kw)


HOUSE_RULES = (
    _rule(
        "deck_size",
        54,
        "choice",
        "Cards in the pack: 54 (70 card points, 36 wins) or 42 (66 card points)",
        "A csomag: 54 lap (70 pont, 36 nyer) vagy 42 lap (66 pont)",
        choices=(54, 42),
        choice_labels=(Text("54 cards", "54 lap"), Text("42 cards", "42 lap")),
    ),
    _rule(
        "bid_order",
        "non_dealer_first",
        "choice",
        "Who speaks first: the non-dealer (default) or the dealer (recording only)",
        "Ki licitál először: akinek osztottak (alap) vagy az osztó (csak rögzítés)",
        choices=("non_dealer_first", "dealer_first"),
        choice_labels=(Text("the non-dealer", "akinek osztottak"), Text("the dealer", "az osztó")),
    ),
    _rule(
        "jatek_doubles_game",
        False,
        "bool",
        "In játék the game's 3 / 4 is doubled too (6 / 8 before the contra)",
        "Játéknál a játék 3 / 4 pontja is duplázódik (6 / 8 a kontra előtt)",
    ),
    _rule(
        "fejek_value",
        1,
        "int",
        "Value of an announced fejek (two honours) in the simple game; doubled in játék",
        "A bemondott fejek értéke egyszerű játékban; játéknál kétszeres",
        minimum=0,
    ),
    _rule(
        "threshold_42",
        34,
        "int",
        "Card points that win with 42 cards (of 66)",
        "42 lapnál ennyi pont nyer (a 66-ból)",
        minimum=1,
        maximum=66,
    ),
    _rule(
        "tuletroa_includes_fejek",
        False,
        "bool",
        "An announced tulétroá also earns the fejek value",
        "A bemondott tulétroá a fejek értékét is hozza",
    ),
    _rule(
        "late_bonus_announcement",
        False,
        "bool",
        "A bonus may be announced after its first card was played (recording only)",
        "A díj az első lapja kijátszása után is bemondható (csak rögzítés)",
    ),
    _rule(
        "max_contra_level",
        5,
        "choice",
        "Highest contra on játék: 5 mordkontra (full ladder) or 2 rekontra",
        "Legmagasabb kontra a játékra: 5 mordkontra (teljes létra) vagy 2 rekontra",
        choices=(5, 2),
        choice_labels=(
            Text("up to mordkontra (5)", "mordkontráig (5)"),
            Text("up to rekontra (2)", "rekontráig (2)"),
        ),
    ),
    _rule(
        "dealer_rotation",
        "alternate",
        "choice",
        "The deal alternates between the two players",
        "Felváltva osztanak",
        choices=("alternate",),
        choice_labels=(Text("alternate", "felváltva"),),
    ),
    _rule(
        "revoke_penalty",
        True,
        "bool",
        "A revoker pays the game and the other's announced bonuses (off: scored normally)",
        "A renonszoló fizeti a játékot és a másik bemondásait (ki: rendes elszámolás)",
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
    irr.choice("type", ("revoke",))
    return irr.player("player", players)


def _read_declarer(r: Reader, players: tuple[str, ...], bid: str | None) -> str | None:
    if bid == "jatek":
        return r.player("declarer", players)
    if bid == "mehet" and r.has("declarer"):
        r.problems.add(
            "declarer",
            "only at játék (nobody is declarer when both say mehet)",
            "csak játéknál (mehetnél nincs felvevő)",
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
        r.problems.add(
            unused,
            f"must be null at {'játék' if bid == 'jatek' else 'mehet'} (use {wanted})",
            f"{'játéknál' if bid == 'jatek' else 'mehetnél'} null ({wanted} kell)",
        )
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
            "the simple game (mehet) cannot be contra'd (seed 004 §72)",
            "egyszerű játéknál nincs kontra (Tolnai, 72. §)",
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
                f"{BONUS_NAMES[bonus]} is announced twice",
                f"a(z) {BONUS_NAMES[bonus]} kétszer szerepel",
            )
        elif {bonus, *seen} >= {"trull", "heads"}:
            problems.add(
                path,
                "tulétroá and fejek cannot both be held (there are only three honours)",
                "tulétroá és fejek nem lehet egyszerre (csak három honőr van)",
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
            f"{trull} held the pagát (tulétroá): {ultimo}'s pagát cannot win the last trick",
            f"a pagát {trull} lapja volt (tulétroá): {ultimo} pagátja nem vihette az utolsó ütést",
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
            f"{hand.points} is below {PAGAT_PILE}: {ultimo}'s tricks hold the pagát "
            "(silent_ultimo_by) and the card it won",
            f"{hand.points} kisebb, mint {PAGAT_PILE}: {ultimo} ütéseiben ott a pagát "
            "(silent_ultimo_by) és az általa ütött lap",
        )
    elif counted != ultimo and hand.points > total - PAGAT_PILE:
        problems.add(
            field,
            f"{hand.points} is above {total - PAGAT_PILE}: {ultimo}'s tricks hold the pagát "
            f"(silent_ultimo_by) and the card it won, worth at least {PAGAT_PILE}",
            f"{hand.points} nagyobb, mint {total - PAGAT_PILE}: {ultimo} ütéseiben ott a pagát "
            f"(silent_ultimo_by) és az általa ütött lap, legalább {PAGAT_PILE} pont",
        )


# --- score -------------------------------------------------------------------------------


def score(hand: StromannHand, session: Session) -> tuple[list[Line], Text]:
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
        lines.append(
            Line(
                Text(
                    f"revoke by {hand.revoker}: not penalised (house rule revoke_penalty off)",
                    f"{hand.revoker} renonsza: nincs büntetés (revoke_penalty házszabály ki)",
                )
            )
        )
    return lines, summary


def _threshold(rules: Mapping[str, Any]) -> int:
    return WIN_54 if rules["deck_size"] == 54 else int(rules["threshold_42"])


def _jatek(
    hand: StromannHand, rules: Mapping[str, Any], players: tuple[str, ...]
) -> tuple[list[Line], Text]:
    """ "Játék": 3 to the declarer if he wins, 4 from him if he loses, contra'd (seed 004
    §72); doubled before the contra with jatek_doubles_game."""
    declarer, points, contra = hand.declarer, hand.points, hand.contra
    assert declarer is not None
    assert points is not None
    threshold = _threshold(rules)
    opponent = _other(players, declarer)
    won = points >= threshold
    base = JATEK_WON if won else JATEK_LOST
    doubled = ""
    if rules["jatek_doubles_game"]:
        doubled = f" × {JATEK_FACTOR}"
        base *= JATEK_FACTOR
    amount = base * 2**contra
    arith = _arith(base, contra)
    if doubled:
        arith = f"{JATEK_WON if won else JATEK_LOST}{doubled} = {base}" + (
            f"; {arith}" if contra else ""
        )
    if won:
        en = f"játék by {declarer} won, {points} ≥ {threshold} card points: {arith}; {opponent} → {declarer}: {amount}"
        hu = f"{declarer} játéka nyert, {points} ≥ {threshold} pont: {arith}; {opponent} → {declarer}: {amount}"
        line = Line(Text(en, hu), _pay(opponent, declarer, amount))
    else:
        total = TOTAL[rules["deck_size"]]
        tie = " (tie: the opponent wins)" if points * 2 == total else ""
        tie_hu = " (döntetlen: az ellenfél nyer)" if points * 2 == total else ""
        en = f"játék by {declarer} lost, {points} < {threshold} card points{tie}: {arith}; {declarer} → {opponent}: {amount}"
        hu = f"{declarer} játéka bukott, {points} < {threshold} pont{tie_hu}: {arith}; {declarer} → {opponent}: {amount}"
        line = Line(Text(en, hu), _pay(declarer, opponent, amount))
    summary = Text(
        f"játék {declarer}, {points} card points, {'won' if won else 'lost'}",
        f"játék {declarer}, {points} pont, {'nyert' if won else 'bukott'}",
    )
    return [line], summary


def _mehet(
    hand: StromannHand, rules: Mapping[str, Any], players: tuple[str, ...]
) -> tuple[list[Line], Text]:
    """The simple game: the non-dealer needs the threshold; below it the dealer wins, so
    at 35–35 the dealer wins (seed 004 §72), and with 42 cards likewise (spec S4)."""
    dealer, points = hand.dealer, hand.points
    assert dealer is not None
    assert points is not None
    threshold = _threshold(rules)
    non_dealer = _other(players, dealer)
    won = points >= threshold
    winner, loser = (non_dealer, dealer) if won else (dealer, non_dealer)
    if won:
        en = f"mehet: {non_dealer} has {points} ≥ {threshold} card points and wins {MEHET}; {loser} → {winner}: {MEHET}"
        hu = f"mehet: {non_dealer} {points} ≥ {threshold} ponttal nyer {MEHET}-t; {loser} → {winner}: {MEHET}"
    else:
        total = TOTAL[rules["deck_size"]]
        tie = ", a tie goes to the dealer" if points * 2 == total else ""
        tie_hu = ", döntetlennél az osztó nyer" if points * 2 == total else ""
        en = f"mehet: {non_dealer} has {points} < {threshold} card points{tie}, the dealer {dealer} wins {MEHET}; {loser} → {winner}: {MEHET}"
        hu = f"mehet: {non_dealer} {points} < {threshold} pont{tie_hu}, az osztó ({dealer}) nyer {MEHET}-t; {loser} → {winner}: {MEHET}"
    line = Line(Text(en, hu), _pay(loser, winner, MEHET))
    return [line], Text(f"mehet, {winner} wins", f"mehet, {winner} nyer")


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
    name = BONUS_NAMES[bonus]
    if also:
        en = f"fejek with the tulétroá of {who} (house rule tuletroa_includes_fejek): {arith}"
        hu = f"fejek {who} tulétroájával (tuletroa_includes_fejek házszabály): {arith}"
    else:
        en = f"{name} announced by {who}: {arith}"
        hu = f"bemondott {name} ({who}): {arith}"
    if amount == 0:
        return Line(Text(en, hu))
    return Line(
        Text(f"{en}; {other} → {who}: {amount}", f"{hu}; {other} → {who}: {amount}"),
        _pay(other, who, amount),
    )


def _ultimo_line(players: tuple[str, ...], ultimo: str, factor: int, jatek: bool) -> Line:
    """A silent ultimó, paid by the other player (seed 004 §72)."""
    value = BONUS * factor
    other = _other(players, ultimo)
    doubled = f"{BONUS} × {JATEK_FACTOR} = {value}" if jatek else f"{value}"
    return Line(
        Text(
            f"csendes ultimó by {ultimo}: {doubled}; {other} → {ultimo}: {value}",
            f"csendes ultimó ({ultimo}): {doubled}; {other} → {ultimo}: {value}",
        ),
        _pay(other, ultimo, value),
    )


def _revoke(
    hand: StromannHand, rules: Mapping[str, Any], players: tuple[str, ...]
) -> tuple[list[Line], Text]:
    """Imported seed 004 §62*: the revoker pays the other the game and the other's
    announced bonuses; nothing else is scored (spec section 9)."""
    revoker, declarer, contra = hand.revoker, hand.declarer, hand.contra
    assert revoker is not None
    other = _other(players, revoker)
    if declarer is None:
        game = MEHET
        parts = [f"mehet {MEHET}"]
    else:
        # The declarer revoking pays as if he had lost (4m), the opponent as if the
        # declarer had won (3m).
        base = JATEK_LOST if revoker == declarer else JATEK_WON
        if rules["jatek_doubles_game"]:
            base *= JATEK_FACTOR
        game = base * 2**contra
        parts = [f"játék {_arith(base, contra)}"]
    factor = JATEK_FACTOR if declarer is not None else 1
    x = game
    for _, who, bonus in hand.bonuses:
        if who != other:
            continue
        value = (rules["fejek_value"] if bonus == "heads" else BONUS) * factor
        if bonus == "trull" and rules["tuletroa_includes_fejek"]:
            value += rules["fejek_value"] * factor
        parts.append(f"{BONUS_NAMES[bonus]} {value}")
        x += value
    arith = "; ".join(parts) + (f"; in all {x}" if len(parts) > 1 else "")
    arith_hu = "; ".join(parts) + (f"; összesen {x}" if len(parts) > 1 else "")
    line = Line(
        Text(
            f"revoke by {revoker} (seed 004 §62*): {arith}; {revoker} → {other}: {x}",
            f"{revoker} renonsza (Tolnai, 62*. §): {arith_hu}; {revoker} → {other}: {x}",
        ),
        _pay(revoker, other, x),
    )
    game_name = "játék " + str(declarer) if declarer is not None else "mehet"
    summary = Text(f"{game_name}: revoke by {revoker}", f"{game_name}: {revoker} renonsza")
    return [line], summary


def _arith(value: int, level: int) -> str:
    """`3` or `3 × 2 (kontra) = 6`."""
    if not level:
        return str(value)
    return f"{value} × {2**level} ({CONTRA_NAMES[level]}) = {value * 2**level}"


def _pay(payer: str, payee: str, amount: int) -> dict[str, int]:
    return {payer: -amount, payee: amount}


def _other(players: tuple[str, ...], who: str) -> str:
    return players[1] if who == players[0] else players[0]


# --- the variant -------------------------------------------------------------------------


class Stromann:
    key = KEY
    title = Text("Strómann (two-player dummy tarokk)", "Strómanntarokk")
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
            "Strómann has no session events: the same two players all night",
            "A strómanntarokkban nincs ülésesemény: egész este ugyanaz a két játékos",
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
