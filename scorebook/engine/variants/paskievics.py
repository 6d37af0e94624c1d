"""Huszashívó / Paskievics tarokk: 4 active players, the XX called as partner.

Normative spec: shared/rules/paskievics.md (sections cited as "spec §n"). Seeds: 004 =
Tolnai 1930 (cited by its own paragraph numbers), 002 = the modern web page (cited by its
sub-headings).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from types import MappingProxyType
from typing import Any, NamedTuple

from scorebook.engine.errors import InvalidHand, Problems
from scorebook.engine.payments import CONTRA_NAMES, contra_multiplier, split
from scorebook.engine.record import Reader
from scorebook.engine.shape import BOOL, INT, PLAYER, TEXT, fields, rows
from scorebook.engine.state import dump_dataclass, load_dataclass
from scorebook.engine.types import (
    EMPTY,
    Amount,
    EndOfSession,
    Entry,
    HouseRule,
    Line,
    Session,
    TableHint,
    Text,
)

# The hand record (spec §13), field by field: what `check_input` lets through to `_parse`.
RECORD = fields(
    dealer=PLAYER,
    outcome=TEXT,
    bid=fields(declarer=PLAYER, level=TEXT),
    bidding_convention=fields(kind=TEXT, by=PLAYER, honour=TEXT),
    thrown_in_by=PLAYER,
    talon_honours=rows(card=TEXT, taken_by=PLAYER, paid_late=BOOL),
    tarokk_counts=rows(seat=PLAYER, count=INT, announced=BOOL),
    called_card=TEXT,
    partner=PLAYER,
    alone_reason=TEXT,
    called_card_discarded_by=PLAYER,
    game_contra=INT,
    announcements=rows(figure=TEXT, by=PLAYER, contra=INT),
    result=fields(
        declarer_card_points=INT,
        all_tricks_side=TEXT,
        trull_side=TEXT,
        four_kings_side=TEXT,
        pagat_ultimo_side=TEXT,
        xxi_catch_side=TEXT,
        pagat_lost_last_trick_side=TEXT,
    ),
    irregularity=fields(kind=TEXT, seat=PLAYER),
)
EVENT_RECORD = fields(event=TEXT, player=PLAYER, seat_index=INT)

POT = "ultimokassza"
DECL, OPP = "declarer", "opponents"
SIDES = (DECL, OPP)
SIDE_FIELDS = (
    "all_tricks_side",
    "trull_side",
    "four_kings_side",
    "pagat_ultimo_side",
    "xxi_catch_side",
    "pagat_lost_last_trick_side",
)
OUTCOMES = ("played", "all_pass", "honourless_fail", "declined_three", "thrown_in")

# --- Tariffs -----------------------------------------------------------------------------
# Bid value G (seed 004 §23, §64 line 1) and talon cards the declarer takes (seed 004 §36).
LEVEL_VALUE = {"three": 1, "two": 2, "one": 3, "solo": 4}
LEVEL_TALON = {"three": 3, "two": 2, "one": 1, "solo": 0}
LEVEL_NAME = {
    "three": Text("three", "hármas"),
    "two": Text("two", "kettős"),
    "one": Text("one", "egyes"),
    "solo": Text("solo", "szóló"),
}
# Game tier as multiples of G: double game 2/4, volát 3/6 (seed 004 §64 lines 2–5).
GAME_TIER = {"double_game": (2, 4), "volat": (3, 6)}
# Figures (silent, announced), independent of the bid (seed 004 §64 lines 6–13).
FIGURE_VALUE = {
    "trull": (1, 2),
    "four_kings": (1, 2),
    "pagat_ultimo": (5, 10),
    "xxi_catch": (21, 42),
}
FIGURES = ("trull", "four_kings", "pagat_ultimo", "xxi_catch")
ANNOUNCEABLE = ("double_game", "volat", *FIGURES)
FIGURE_NAME = {
    "game": Text("game", "játék"),
    "double_game": Text("double game", "duplajáték"),
    "volat": Text("volát", "volát"),
    "trull": Text("trull", "tulétroá"),
    "four_kings": Text("four kings", "négy király"),
    "pagat_ultimo": Text("pagát ultimó", "pagátultimó"),
    "xxi_catch": Text("XXI-catch", "huszonegyfogás"),
}
COUNT_VALUE = {8: 1, 9: 2}  # eight / nine tarokks (seed 004 §45, §64 lines 14–17)
KASSZA_NO_GAME = 5  # "5-5 pontot" into the ultimókassza on any no-game (seed 004 §26, §38)
UJLAK_LOST_THREE = 10  # Újlak: a lost three pays 10 into the kassza (seed 004 §31)
TALON_HONOUR_FEE = {"skiz": 3, "xxi": 2, "pagat": 1}  # Újlak, to the dealer (seed 004 §40)
HONOUR_NAME = {"skiz": "skíz", "xxi": "XXI", "pagat": "pagát"}
HONOURS = tuple(HONOUR_NAME)
LEVELS = tuple(LEVEL_VALUE)
SILENT_ULTIMO_FAILURE = 5  # modern custom, spec §12 #13 (no seed)
TOTAL_POINTS, WIN_POINTS, DOUBLE_POINTS = 94, 48, 71  # card points (seed 004 §7, §9, §52)
MAX_DISCARD_CARD = 4  # a queen: kings and honours may not be discarded (seed 004 §37)
HONOUR_POINTS, KINGS_POINTS = 5, 20  # seed 004 §7
# Any tarokk but an honour may be called (seed 004 §46).
CALLED_CARDS: tuple[str, ...] = ("XX", "XIX", "XVIII", "XVII", "XVI", "XV", "XIV", "XIII", "XII", "XI", "X", "IX", "VIII", "VII", "VI", "V", "IV", "III", "II")  # fmt: skip


def _rule(
    name: str,
    default: Any,
    en: str,
    hu: str,
    group: Text,
    choices: tuple[Any, ...] = (),
    labels: tuple[Text, ...] = (),
) -> HouseRule:
    kind = "bool" if isinstance(default, bool) else "choice"
    return HouseRule(name, default, kind, Text(en, hu), choices, group, choice_labels=labels)


GAME_TIER_GROUP = Text("Game tier", "Játék, duplajáték, volát")
KASSZA_GROUP = Text("Ultimókassza", "Ultimókassza")
ROUNDS_GROUP = Text("Rounds", "Körök")
PENALTY_GROUP = Text("Penalties", "Büntetések")
LOCAL_GROUP = Text("Local customs", "Helyi szokások")

HOUSE_RULES: tuple[HouseRule, ...] = (
    _rule(
        "game_tier_rule",
        "announced_else_max",
        "Game vs silent double game/volát: pay the largest, replace, or add (modern)",
        "Játék kontra és csendes duplajáték/volát: a nagyobb, helyettesítés vagy összeadás (modern)",
        GAME_TIER_GROUP,
        ("announced_else_max", "announced_else_replace", "modern"),
        (
            Text("announced, else the largest", "bemondott, különben a nagyobb"),
            Text("announced, else the silent one replaces", "bemondott, különben a csendes"),
            Text("modern: items added", "modern: tételek összeadva"),
        ),
    ),
    _rule(
        "volat_voids_silent",
        "trull_four_kings",
        "Which silent figures a volát voids",
        "Mely csendes figurákat semmisít meg a volát",
        GAME_TIER_GROUP,
        ("trull_four_kings", "all_silent"),
        (Text("trull and four kings", "tulétroá és négy király"), Text("all", "mind")),
    ),
    _rule(
        "silent_ultimo_failure_penalty",
        False,
        "A pagát beaten in the last trick pays 5 (unless announced)",
        "Az utolsó ütésben elfogott pagát 5 pontot fizet (ha nem volt bemondva)",
        GAME_TIER_GROUP,
    ),
    HouseRule(
        "max_contra_level",
        5,
        "choice",
        Text(
            "Highest contra level: 5 mordkontra (seed 004) or 2 rekontra (seed 002)",
            "Legmagasabb kontra: 5 mordkontra (Tolnai) vagy 2 rekontra",
        ),
        (5, 2),
        GAME_TIER_GROUP,
        choice_labels=(
            Text("up to mordkontra (5)", "mordkontráig (5)"),
            Text("up to rekontra (2)", "rekontráig (2)"),
        ),
    ),
    _rule(
        "ultimo_kassza",
        False,
        "Play with the ultimókassza",
        "Ultimókasszával játszunk",
        KASSZA_GROUP,
    ),
    _rule(
        "kassza_payers",
        "active_players",
        "Who pays the 5 points on a no-game with five players",
        "Ki fizeti az 5 pontot játék nélküli leosztásnál ötösben",
        KASSZA_GROUP,
        ("active_players", "all_seated"),
        (Text("active players", "a játszók"), Text("everyone seated", "mindenki az asztalnál")),
    ),
    HouseRule(
        "kassza_stake",
        0,
        "int",
        Text(
            "Stake each seated player pays into the kassza at the start and when it empties",
            "Tét, amit mindenki befizet a kasszába kezdéskor és kiürülésekor",
        ),
        group=KASSZA_GROUP,
        minimum=0,
        maximum=10_000,
    ),
    _rule(
        "kassza_end_of_session",
        "split_equally",
        "The kassza at the end of the night: split among the seated players or carried over",
        "A kassza az est végén: szétosztjuk vagy átvisszük",
        KASSZA_GROUP,
        ("split_equally", "carry_over"),
        (Text("split equally", "egyenlően szétosztva"), Text("carry over", "átvisszük")),
    ),
    _rule(
        "kassza_split_rounding",
        "floor_remainder_stays",
        "Kassza shares: whole points (remainder stays / paid by the announcer) or exact",
        "Kasszarészek: egész pontok (a maradék bent marad / a bemondó fizeti) vagy pontos",
        KASSZA_GROUP,
        ("floor_remainder_stays", "exact_fractions"),
        (Text("whole points", "egész pontok"), Text("exact fractions", "pontos törtrészek")),
    ),
    _rule(
        "honourless_fail_kassza",
        "all_pay_5",
        "Honour-less failure: everybody or only the bidder pays 5 into the kassza",
        "Honőr nélküli bukás: mindenki vagy csak a licitáló fizet 5-öt a kasszába",
        KASSZA_GROUP,
        ("all_pay_5", "bidder_pays_5"),
        (
            Text("everybody pays 5", "mindenki fizet 5-öt"),
            Text("only the bidder pays 5", "csak a licitáló fizet 5-öt"),
        ),
    ),
    _rule(
        "all_pass_rule",
        "next_dealer",
        "All pass: the next dealer deals (seed 004) or the same dealer redeals, double round",
        "Mindenki passz: a következő oszt (Tolnai), vagy újraosztás és dupla kör",
        ROUNDS_GROUP,
        ("next_dealer", "redeal_double_round"),
        (
            Text("the next dealer deals", "a következő oszt"),
            Text("redeal, double round", "újraosztás, dupla kör"),
        ),
    ),
    _rule(
        "double_round_start",
        "immediate",
        "A double round starts with the redeal or with the next full round",
        "A dupla kör az újraosztással vagy a következő teljes körrel kezdődik",
        ROUNDS_GROUP,
        ("immediate", "next_round"),
        (
            Text("with the redeal", "az újraosztással"),
            Text("with the next full round", "a következő teljes körrel"),
        ),
    ),
    _rule(
        "double_round_covers_pot",
        False,
        "A double round also doubles the fixed kassza payments",
        "A dupla kör a kassza fix befizetéseit is duplázza",
        ROUNDS_GROUP,
    ),
    _rule(
        "honourless_fail_amount",
        "bid_value",
        "Honour-less failure pays the bid's value or always 1 to each",
        "Honőr nélküli bukás: a licit értéke vagy mindig 1 fejenként",
        PENALTY_GROUP,
        ("bid_value", "always_one"),
        (Text("the bid's value", "a licit értéke"), Text("always 1", "mindig 1")),
    ),
    _rule(
        "wrong_discard_penalty",
        "strict",
        "Wrong discard: strict (pays everybody everything) or mild (pays for his side)",
        "Hibás skart: szigorú (mindenkinek mindent) vagy enyhébb (a pártja helyett fizet)",
        PENALTY_GROUP,
        ("strict", "mild"),
        (Text("strict", "szigorú"), Text("mild", "enyhébb")),
    ),
    _rule(
        "irregularity_voids_hand",
        True,
        "A revoke / strict wrong discard voids the normal settlement",
        "Renonsz / szigorú hibás skart esetén a rendes elszámolás elmarad",
        PENALTY_GROUP,
    ),
    _rule(
        "silent_count_payers_1v3",
        "all_teammates",
        "An opponent's silent tarokk count in one vs three: both teammates pay, or nobody",
        "Ellenfél csendes tarokkszáma egy a három ellen: mindkét társa fizet, vagy senki",
        PENALTY_GROUP,
        ("all_teammates", "none"),
        (Text("both teammates pay", "mindkét társa fizet"), Text("nobody pays", "senki sem fizet")),
    ),
    _rule(
        "allow_pagat_invit",
        False,
        "Allow an invit with the pagát (with a compulsory ultimó)",
        "Pagáttal is lehet invitálni (kötelező ultimóval)",
        LOCAL_GROUP,
    ),
    _rule(
        "temesvar_declined_three",
        False,
        "Temesvár: the winner of a three may decline before seeing the talon",
        "Temesvár: a hármas nyertese a talon megnézése előtt visszaléphet",
        LOCAL_GROUP,
    ),
    _rule(
        "ujlak_lost_three_kassza",
        False,
        "Újlak: the declarer of a lost three pays 10 into the kassza",
        "Újlak: az elvesztett hármas felvevője 10-et fizet a kasszába",
        LOCAL_GROUP,
    ),
    _rule(
        "ujlak_talon_honours",
        False,
        "Újlak (five players): honours from the talon pay the dealer skíz 3, XXI 2, pagát 1",
        "Újlak (ötösben): a talonból kapott honőrért az osztónak skíz 3, XXI 2, pagát 1",
        LOCAL_GROUP,
    ),
    _rule(
        "ujlak_talon_honours_on_no_game",
        False,
        "Újlak talon honours are paid on no-game hands too",
        "A talonból kapott honőrt játék nélküli leosztásnál is fizetik",
        LOCAL_GROUP,
    ),
    _rule(
        "sir_es_nevet",
        False,
        "Sír és nevet (five players): the dealer pays/receives the declarer's result too",
        "Sír és nevet (ötösben): az osztó is fizet a felvevőnek / kap tőle",
        LOCAL_GROUP,
    ),
    _rule(
        "sir_es_nevet_counts",
        "declarer_only",
        "Sír és nevet: the dealer pays the declarer's announced tarokk count, or everyone's",
        "Sír és nevet: az osztó a felvevő vagy minden bemondó tarokkszámát fizeti",
        LOCAL_GROUP,
        ("declarer_only", "all_announcers"),
        (
            Text("the declarer's count only", "csak a felvevőé"),
            Text("every announcer's count", "minden bemondóé"),
        ),
    ),
)


# --- State -------------------------------------------------------------------------------
class State(NamedTuple):
    # A NamedTuple, not a frozen dataclass: one is built per hand, and a tuple is several
    # times cheaper to build (dump_state / load_state give the same JSON either way).
    pot: int  # the ultimókassza balance (always whole: exact shares only go to players)
    seated: tuple[str, ...]  # in seating order
    open_rounds: tuple[tuple[int, int], ...] = ()  # double rounds: (number, deals left)
    pending_rounds: tuple[tuple[int, int], ...] = ()  # (number, deals until it opens)
    rounds_opened: int = 0
    round_pos: int = 0  # completed deals in the current round (next_round start)
    last_dealer: str | None = None
    redeal: bool = False  # the same dealer deals again (seed 002 all-pass)


# Shared empty amounts for explanation-only lines (never mutated: Lines are frozen).
NO_PAY: Mapping[str, Amount] = MappingProxyType({})
# `_new_tuple(Text, (en, hu))` is `Text(en, hu)` without the NamedTuple's Python-level
# `__new__`: used where a hand builds its texts.
_new_tuple = tuple.__new__


# --- Small text helpers ------------------------------------------------------------------
def _num(value: Amount) -> str:
    """A number with a proper minus sign (−3)."""
    return str(value) if value >= 0 else f"−{-value}"


def _signed(value: Amount) -> str:
    return f"+{value}" if value >= 0 else f"−{-value}"


def _names(players: tuple[str, ...] | list[str]) -> str:
    return ", ".join(players)


def _side_text(side: str) -> Text:
    return Text("declarer side", "felvevők") if side == DECL else Text("opponents", "ellenfelek")


def _contra_prefix(level: int) -> str:
    return f"{CONTRA_NAMES[level]} " if level else ""


def _times_r(r: int) -> tuple[str, str]:
    return (f" × R {r}", f" × R {r}") if r > 1 else ("", "")


def _other(side: str) -> str:
    return OPP if side == DECL else DECL


# --- Fast record access ------------------------------------------------------------------
class _Reader(Reader):
    """Reader with a fast path for well-formed values (the benchmark replays 20,000 hands a
    second); anything unusual falls back to Reader, which words the problem."""

    def __init__(self, data: Any, problems: Problems, prefix: str = "") -> None:
        if type(data) is dict:
            self.problems, self.prefix, self.data = problems, prefix, data
        else:
            super().__init__(data, problems, prefix)

    def choice(
        self, name: str, choices: Any, *, optional: bool = False, default: Any = None
    ) -> Any:
        value = self.data.get(name)
        if value is None:
            if optional or default is not None:
                return default
        elif type(value) in (str, int) and value in choices:
            return value
        return super().choice(name, choices, optional=optional, default=default)

    def player(self, name: str, among: Any, *, optional: bool = False) -> str | None:
        value = self.data.get(name)
        if value is None:
            if optional:
                return None
        elif type(value) is str and value in among:
            return value
        return super().player(name, among, optional=optional)

    def integer(
        self,
        name: str,
        *,
        lo: int | None = None,
        hi: int | None = None,
        optional: bool = False,
        default: int | None = None,
    ) -> int | None:
        value = self.data.get(name)
        if value is None:
            if optional or default is not None:
                return default
        elif type(value) is int and (lo is None or value >= lo) and (hi is None or value <= hi):
            return value
        return super().integer(name, lo=lo, hi=hi, optional=optional, default=default)

    def boolean(self, name: str, *, default: bool = False) -> bool:
        value = self.data.get(name)
        if value is None:
            return default
        if value is True or value is False:
            return value
        return super().boolean(name, default=default)

    def obj(self, name: str, *, optional: bool = False) -> Reader | None:
        value = self.data.get(name)
        if type(value) is dict:
            prefix = self.prefix  # `self.path(name)`, inline
            return _Reader(value, self.problems, f"{prefix}.{name}" if prefix else name)
        if value is None and optional:
            return None
        return super().obj(name, optional=optional)

    def items(self, name: str) -> list[Reader]:
        value = self.data.get(name)
        if value is None:
            return []
        if type(value) is list:
            path = self.path(name)
            return [_Reader(item, self.problems, f"{path}[{i}]") for i, item in enumerate(value)]
        return super().items(name)


# --- The parsed hand ---------------------------------------------------------------------
@dataclass(slots=True)
class Announcement:
    figure: str
    by: str
    side: str
    contra: int


@dataclass(slots=True)
class Hand:
    dealer: str
    outcome: str
    active: tuple[str, ...]
    declarer: str | None = None
    level: str | None = None
    partner: str | None = None
    alone_reason: str | None = None
    called_card: str | None = None
    game_contra: int = 0
    announcements: list[Announcement] | None = None
    # announced items: "double_game" / "volat" (one side only), figures as "figure/side"
    ann: dict[str, Announcement] = field(default_factory=dict)
    points: int = 0
    sides: dict[str, str | None] | None = None
    counts: list[tuple[str, int, bool]] | None = None
    talon: list[tuple[str, str, bool]] | None = None
    irregularity: tuple[str, str] | None = None
    thrown_in_by: str | None = None


def _list(r: Reader, name: str) -> list[Any]:
    value = r.data.get(name)
    if value is None:
        return []
    if type(value) is list:
        return value
    r.items(name)  # words the problem
    return []


ANNOUNCEABLE_SET = frozenset(ANNOUNCEABLE)


def _announcement(
    item: Any, i: int, problems: Problems, active: tuple[str, ...], max_contra: int
) -> tuple[str | None, str | None, int]:
    """One announcements[i] item; the fast path accepts only what Reader would accept."""
    if type(item) is dict:
        figure, by, contra = item.get("figure"), item.get("by"), item.get("contra")
        if contra is None:
            contra = 0
        if (
            type(figure) is str
            and figure in ANNOUNCEABLE_SET
            and type(by) is str
            and by in active
            and type(contra) is int
            and 0 <= contra <= max_contra
        ):
            return figure, by, contra
    rd = _Reader(item, problems, f"announcements[{i}]")
    return (
        rd.choice("figure", ANNOUNCEABLE),
        rd.player("by", active),
        _contra_level(rd, "contra", max_contra),
    )


def _tarokk_count(
    item: Any, i: int, problems: Problems, active: tuple[str, ...]
) -> tuple[str | None, int | None, bool]:
    if type(item) is dict:
        seat, count, announced = item.get("seat"), item.get("count"), item.get("announced")
        if announced is None:
            announced = True
        if (
            type(seat) is str
            and seat in active
            and type(count) is int
            and count in COUNT_VALUE
            and (announced is True or announced is False)
        ):
            return seat, count, announced
    rd = _Reader(item, problems, f"tarokk_counts[{i}]")
    return (
        rd.player("seat", active),
        rd.choice("count", (8, 9)),
        rd.boolean("announced", default=True),
    )


def _talon_honour(
    item: Any, i: int, problems: Problems, active: tuple[str, ...]
) -> tuple[str | None, str | None, bool]:
    """One talon_honours[i] item; the fast path accepts only what Reader would accept."""
    if type(item) is dict:
        card, taker, late = item.get("card"), item.get("taken_by"), item.get("paid_late")
        if late is None:
            late = False
        if (
            type(card) is str
            and card in TALON_HONOUR_FEE
            and type(taker) is str
            and taker in active
            and (late is True or late is False)
        ):
            return card, taker, late
    rd = _Reader(item, problems, f"talon_honours[{i}]")
    return rd.choice("card", HONOURS), rd.player("taken_by", active), rd.boolean("paid_late")


def _must_be_absent(r: Reader, names: tuple[str, ...], outcome: str) -> None:
    data = r.data
    for name in names:
        value = data.get(name)
        if value is None or value == [] or (name == "game_contra" and value == 0):
            continue
        if name == "game_contra":
            r.problems.add(
                name,
                f"a contra on a game that was not played ({outcome})",
                f"kontra olyan játékra, amelyet nem játszottak ({outcome})",
            )
        else:
            r.problems.add(
                name,
                f"must be null or empty for {outcome}",
                f"{outcome} esetén üresnek kell lennie",
            )


NOT_PLAYED_EMPTY = (
    "called_card",
    "partner",
    "alone_reason",
    "called_card_discarded_by",
    "announcements",
    "tarokk_counts",
    "result",
    "irregularity",
    "game_contra",
)


def _contra_level(r: Reader, name: str, max_level: int) -> int:
    level = r.integer(name, lo=0, hi=5, default=0)
    if level is None:
        return 0
    if level > max_level:
        r.problems.add(
            r.path(name),
            f"{CONTRA_NAMES[level]} ({level}) is above this table's max_contra_level {max_level}",
            f"{CONTRA_NAMES[level]} ({level}) meghaladja a max_contra_level {max_level} szintet",
        )
    return level


def _min_points(hand: Hand, side: str) -> int:
    """The card points a side certainly holds, from the figures it captured."""
    sides = hand.sides or {}
    honours: set[str] = set()
    if sides.get("trull_side") == side:
        honours |= {"skiz", "xxi", "pagat"}
    if sides.get("xxi_catch_side") == side:
        honours |= {"skiz", "xxi"}
    if sides.get("pagat_ultimo_side") == side:
        honours.add("pagat")
    kings = KINGS_POINTS if sides.get("four_kings_side") == side else 0
    return HONOUR_POINTS * len(honours) + kings


@lru_cache(maxsize=64)
def _active(seated: tuple[str, ...], dealer: str) -> tuple[str, ...]:
    """The four active players at a five-player table: all but the dealer."""
    return tuple([p for p in seated if p != dealer])


def _parse(session: Session, state: State, raw: Mapping[str, Any], number: int) -> Hand:
    problems = Problems()
    r = _Reader(raw, problems)
    # Fast paths below read the record directly and accept only what the Reader accepts;
    # anything else goes through the Reader, which words the problem.
    get = r.data.get
    rules = session.house_rules
    seated = state.seated
    hand_no = get("hand_no")
    if hand_no is not None and not (type(hand_no) is int and hand_no >= 1):
        hand_no = r.integer("hand_no", lo=1, optional=True)
    if hand_no is not None and hand_no != number:
        problems.add("hand_no", f"is {hand_no}, but this is hand {number}", f"{number}. leosztás")
    dealer = get("dealer")
    if not (type(dealer) is str and dealer in seated):
        dealer = r.player("dealer", seated)
    outcome = get("outcome")
    if not (type(outcome) is str and outcome in OUTCOMES):
        outcome = r.choice("outcome", OUTCOMES)
    if dealer is None or outcome is None:
        problems.raise_if_any()
    assert dealer is not None
    assert outcome is not None
    # With five at the table the dealer sits out (seed 004 §8, §20).
    active = _active(seated, dealer) if len(seated) == 5 else seated
    hand = Hand(dealer, outcome, active)
    max_contra = rules["max_contra_level"]

    # bid
    bid = r.obj("bid", optional=True)
    if outcome == "all_pass":
        _must_be_absent(r, ("bid",), outcome)
    elif bid is None and outcome != "thrown_in":
        problems.add("bid", f"is required for {outcome}", f"{outcome} esetén kötelező")
    if bid is not None and outcome != "all_pass":
        bid_get = bid.data.get
        declarer = bid_get("declarer")
        if not (type(declarer) is str and declarer in active):
            declarer = bid.player("declarer", active)
        hand.declarer = declarer
        level = bid_get("level")
        if not (type(level) is str and level in LEVELS):
            level = bid.choice("level", LEVELS)
        hand.level = level
        if outcome == "declined_three" and hand.level not in (None, "three"):
            problems.add(
                "bid.level", "only a three can be declined", "csak hármast lehet visszaadni"
            )
    if outcome == "declined_three" and not rules["temesvar_declined_three"]:
        problems.add(
            "outcome",
            "declined_three needs the house rule temesvar_declined_three",
            "a declined_three csak a temesvar_declined_three házszabállyal megengedett",
        )
    if outcome == "honourless_fail" and hand.declarer is not None:
        # The fourth bidder after three passes: the seat before the dealer's right-hand
        # neighbour in turn, i.e. the last active seat in bidding order (seed 004 §38).
        start = (seated.index(dealer) + 1) % len(seated)
        order = [seated[(start + i) % len(seated)] for i in range(len(seated))]
        fourth = [p for p in order if p in active][-1]
        if hand.declarer != fourth:
            problems.add(
                "bid.declarer",
                f"an honour-less failure is the fourth bidder's ({fourth})",
                f"honőr nélkül csak a negyedik licitáló ({fourth}) bukhat",
            )

    # bidding convention (validation only, spec §12 #17)
    conv = (
        r.obj("bidding_convention", optional=True)
        if get("bidding_convention") is not None
        else None
    )
    if conv is not None:
        kind = conv.choice("kind", ("none", "yielded", "invit_xix", "invit_xviii"), default="none")
        conv.player("by", active, optional=True)
        honour = conv.choice("honour", HONOURS, optional=True)
        if (
            kind in ("invit_xix", "invit_xviii")
            and honour == "pagat"
            and not rules["allow_pagat_invit"]
        ):
            problems.add(
                "bidding_convention.honour",
                "an invit needs a high honour (allow_pagat_invit is off)",
                "invitálni csak magas honőrrel lehet (allow_pagat_invit ki van kapcsolva)",
            )

    # thrown in
    if outcome == "thrown_in":
        hand.thrown_in_by = r.player("thrown_in_by", active)
    elif get("thrown_in_by") is not None:
        _must_be_absent(r, ("thrown_in_by",), outcome)

    # talon honours (Újlak, seed 004 §40)
    talon_items = get("talon_honours")
    if type(talon_items) is not list:
        talon_items = _list(r, "talon_honours")
    if talon_items:
        if not rules["ujlak_talon_honours"] or len(seated) != 5:
            problems.add(
                "talon_honours",
                "recorded only with ujlak_talon_honours at a five-player table",
                "csak ujlak_talon_honours házszabállyal, ötös asztalnál",
            )
        elif outcome in ("all_pass", "declined_three"):
            problems.add(
                "talon_honours",
                f"nobody takes talon cards in {outcome}",
                f"{outcome} esetén senki sem kap a talonból",
            )
        hand.talon = []
        seen: set[str] = set()
        for i, raw_item in enumerate(talon_items):
            card, taker, late = _talon_honour(raw_item, i, problems, active)
            if card in seen:
                path = f"talon_honours[{i}].card"
                problems.add(path, f"{card} listed twice", f"{card} kétszer szerepel")
            if card is not None:
                seen.add(card)
            if outcome == "honourless_fail" and taker is not None and taker == hand.declarer:
                problems.add(
                    f"talon_honours[{i}].taken_by",
                    "the honour-less bidder got no honour from the talon",
                    "a honőr nélküli licitáló nem kapott honőrt a talonból",
                )
            if card is not None and taker is not None:
                hand.talon.append((card, taker, late))

    if outcome != "played":
        _must_be_absent(r, NOT_PLAYED_EMPTY, outcome)
        problems.raise_if_any()
        return hand

    # --- played: teams ---
    called_card = get("called_card")
    if not (type(called_card) is str and called_card in CALLED_CARDS):
        called_card = r.choice("called_card", CALLED_CARDS)
    hand.called_card = called_card
    reason = get("alone_reason")
    if reason is not None:
        reason = r.choice("alone_reason", ("self_call", "called_card_discarded"), optional=True)
    hand.alone_reason = reason
    partner = get("partner")
    if partner is not None and not (type(partner) is str and partner in active):
        partner = r.player("partner", active, optional=True)
    discarded_by = get("called_card_discarded_by")
    if discarded_by is not None:
        discarded_by = r.player("called_card_discarded_by", active, optional=True)
    if reason is None:
        if partner is None and get("partner") is None:
            problems.add(
                "partner",
                "is required (or give alone_reason)",
                "kötelező (vagy add meg, miért játszik egyedül)",
            )
        elif partner is not None and partner == hand.declarer:
            problems.add(
                "partner",
                "is the declarer: a self-call needs alone_reason self_call",
                "maga a felvevő: önhíváshoz alone_reason = self_call kell",
            )
        else:
            hand.partner = partner
    elif reason == "self_call":
        if partner is not None and partner != hand.declarer:
            problems.add(
                "partner",
                "must be null (or the declarer) with self_call",
                "önhívásnál üres (vagy a felvevő)",
            )
    elif partner is not None:
        problems.add(
            "partner",
            "must be null when the called card was discarded",
            "üresnek kell lennie, ha a hívott lap fekszik",
        )
    if reason == "called_card_discarded":
        if discarded_by is None and get("called_card_discarded_by") is None:
            problems.add("called_card_discarded_by", "is required", "kötelező megadni")
        elif discarded_by is not None and discarded_by == hand.declarer:
            problems.add(
                "called_card_discarded_by",
                "must be another player than the declarer",
                "a felvevőtől különböző játékosnak kell lennie",
            )
    elif get("called_card_discarded_by") is not None:
        problems.add(
            "called_card_discarded_by",
            "only with alone_reason called_card_discarded",
            "csak alone_reason = called_card_discarded esetén",
        )
    game_contra = get("game_contra")
    if game_contra is None:
        game_contra = 0
    elif not (type(game_contra) is int and 0 <= game_contra <= max_contra):
        game_contra = _contra_level(r, "game_contra", max_contra)
    hand.game_contra = game_contra
    if reason == "called_card_discarded" and hand.game_contra < 1:
        problems.add(
            "game_contra",
            "hivatalos kontra: at least 1 when the called card was discarded (seed 004 §47)",
            "hivatalból kontra: legalább 1, ha a hívott lap fekszik",
        )
    # The declarer's side (a None in it matches nobody: every `by` is a player's name).
    decl_side = (hand.declarer, hand.partner)

    # --- announcements ---
    hand.announcements = []
    seen_items: set[tuple[str, str]] = set()
    tier_side: str | None = None
    raw_items = get("announcements")
    if type(raw_items) is not list:
        raw_items = _list(r, "announcements")
    for i, raw_item in enumerate(raw_items):
        figure, by, contra = _announcement(raw_item, i, problems, active, max_contra)
        if figure is None or by is None:
            continue
        side = DECL if by in decl_side else OPP
        if (figure, side) in seen_items:
            problems.add(
                f"announcements[{i}].figure",
                f"{figure} is already announced by the {side}",
                f"{figure} már be van mondva ({side})",
            )
            continue
        seen_items.add((figure, side))
        if figure in GAME_TIER:
            if tier_side is not None and tier_side != side:
                problems.add(
                    f"announcements[{i}].by",
                    "double game / volát may be announced by one side only",
                    "duplajátékot / volátot csak az egyik fél mondhat be",
                )
                continue
            tier_side = side
        a = Announcement(figure, by, side, contra)
        hand.announcements.append(a)
        hand.ann[figure if figure in GAME_TIER else f"{figure}/{side}"] = a

    # --- result ---
    res = r.obj("result")
    if res is not None:
        points = res.data.get("declarer_card_points")
        if not (type(points) is int and 0 <= points <= TOTAL_POINTS):
            points = res.integer("declarer_card_points", lo=0, hi=TOTAL_POINTS)
        hand.points = points or 0
        data = res.data
        hand.sides = {}
        for name in SIDE_FIELDS:
            value = data.get(name)
            if value is not None and not (type(value) is str and value in SIDES):
                value = res.choice(name, SIDES, optional=True)  # words the problem
            hand.sides[name] = value
        sides = hand.sides
        volat = sides["all_tricks_side"]
        if points is not None and volat is not None and hand.level is not None:
            # Discards count for the side of their owner's team rule (seed 004 §37): the
            # declarer's discard is his side's, every other discard the opponents'.
            own = LEVEL_TALON[hand.level] * MAX_DISCARD_CARD
            other = (6 - LEVEL_TALON[hand.level]) * MAX_DISCARD_CARD
            if volat == DECL and points < TOTAL_POINTS - other:
                problems.add(
                    "result.declarer_card_points",
                    f"{points} is too few for all nine tricks (at least {TOTAL_POINTS - other})",
                    f"{points} kevés mind a kilenc ütéshez (legalább {TOTAL_POINTS - other})",
                )
            if volat == OPP and points > own:
                problems.add(
                    "result.declarer_card_points",
                    f"{points} is too many when the opponents took every trick (at most {own})",
                    f"{points} túl sok, ha az ellenfelek vitték az összes ütést (legfeljebb {own})",
                )
        if volat is not None:
            for name in ("trull_side", "four_kings_side", "pagat_ultimo_side", "xxi_catch_side"):
                if sides[name] == _other(volat):
                    problems.add(
                        f"result.{name}",
                        f"impossible: the {volat} took every trick",
                        f"lehetetlen: minden ütést a(z) {volat} vitt",
                    )
        # The skíz always wins its trick, so trull and XXI-catch belong to the same side.
        if sides["trull_side"] and sides["xxi_catch_side"] not in (None, sides["trull_side"]):
            problems.add(
                "result.xxi_catch_side",
                "impossible: the other side captured all three honours",
                "lehetetlen: a másik fél vitte mindhárom honőrt",
            )
        # The trull side captured the pagát, so the other side's pagát cannot win trick nine.
        if sides["trull_side"] and sides["pagat_ultimo_side"] not in (None, sides["trull_side"]):
            problems.add(
                "result.pagat_ultimo_side",
                "impossible: the other side captured all three honours",
                "lehetetlen: a másik fél vitte mindhárom honőrt",
            )
        lost = sides["pagat_lost_last_trick_side"]
        if lost is not None and sides["pagat_ultimo_side"] is not None:
            problems.add(
                "result.pagat_lost_last_trick_side",
                "only one pagát can be in the last trick with the ultimó made",
                "ha az ultimó sikerült, nem veszhetett el pagát az utolsó ütésben",
            )
        if lost is not None and lost == sides["trull_side"]:
            problems.add(
                "result.pagat_lost_last_trick_side",
                "impossible: that side's pagát was captured, yet it made the trull",
                "lehetetlen: annak a félnek a pagátját elfogták, mégis övé a tulétroá",
            )
        if lost is not None and lost == volat:
            problems.add(
                "result.pagat_lost_last_trick_side",
                "impossible: that side took every trick",
                "lehetetlen: az a fél vitt minden ütést",
            )
        figures_made = sides["trull_side"] or sides["four_kings_side"]
        figures_made = figures_made or sides["pagat_ultimo_side"] or sides["xxi_catch_side"]
        if points is not None and figures_made:
            need_decl, need_opp = _min_points(hand, DECL), _min_points(hand, OPP)
            if points < need_decl or TOTAL_POINTS - points < need_opp:
                problems.add(
                    "result.declarer_card_points",
                    f"{points} does not fit the captured figures",
                    f"{points} nem egyezik a megszerzett figurákkal",
                )

    # --- tarokk counts ---
    hand.counts = []
    seen_seats: set[str] = set()
    raw_items = get("tarokk_counts")
    if type(raw_items) is not list:
        raw_items = _list(r, "tarokk_counts")
    for i, raw_item in enumerate(raw_items):
        seat, count, announced = _tarokk_count(raw_item, i, problems, active)
        if seat is not None and seat in seen_seats:
            path = f"tarokk_counts[{i}].seat"
            problems.add(path, f"{seat} listed twice", f"{seat} kétszer szerepel")
            continue
        if seat is not None and count is not None:
            seen_seats.add(seat)
            hand.counts.append((seat, count, announced))

    # --- irregularity ---
    irr = r.obj("irregularity", optional=True) if get("irregularity") is not None else None
    if irr is not None:
        kind = irr.choice("kind", ("renonsz", "wrong_discard"))
        seat = irr.player("seat", active)
        if kind is not None and seat is not None:
            hand.irregularity = (kind, seat)
    problems.raise_if_any()
    return hand


# --- Scoring -----------------------------------------------------------------------------
COUNT_NAME = {8: Text("eight tarokks", "nyolc tarokk"), 9: Text("nine tarokks", "kilenc tarokk")}
# One line of step 2: (English text, Hungarian text, winning side, value). Plain tuples:
# a hand is scored in well under 50 µs.
Item = tuple[str, str, str, int]
SIDE_EN = {DECL: "declarer side", OPP: "opponents"}
SIDE_HU = {DECL: "felvevők", OPP: "ellenfelek"}
# Step 2b, per figure: its result field, its announced value, and its `hand.ann` key per side.
FIGURE_ROWS = tuple(
    (f, f"{f}_side", FIGURE_VALUE[f][1], tuple((side, f"{f}/{side}") for side in SIDES))
    for f in FIGURES
)
# Silent figures as step-2 items, made (value) or voided by a volát (0), per (figure, side).
SILENT_FIGURE: dict[tuple[str, str], Item] = {
    (f, side): (
        f"silent {FIGURE_NAME[f].en} of the {SIDE_EN[side]}: {FIGURE_VALUE[f][0]}",
        f"csendes {FIGURE_NAME[f].hu} ({SIDE_HU[side]}): {FIGURE_VALUE[f][0]}",
        side,
        FIGURE_VALUE[f][0],
    )
    for f in FIGURES
    for side in SIDES
}
SILENT_FIGURE_VOIDED: dict[tuple[str, str], Item] = {
    (f, side): (
        f"silent {FIGURE_NAME[f].en} of the {SIDE_EN[side]}: voided by the volát",
        f"csendes {FIGURE_NAME[f].hu} ({SIDE_HU[side]}): a volát érvényteleníti",
        side,
        0,
    )
    for f in FIGURES
    for side in SIDES
}


def _announced_item(a: Announcement, value: int, made: bool, g: int | None) -> Item:
    """An announced item: value (× G for the game tier) × contra, won by its side or lost."""
    return _announced_text(a.figure, a.side, a.contra, value, made, g)


# Most step-2 texts depend on a handful of small values only, so they are built once per
# distinct combination (a night repeats the same few thousands of times).
@lru_cache(maxsize=1024)
def _announced_text(
    figure: str, side: str, contra: int, value: int, made: bool, g: int | None
) -> Item:
    m = contra_multiplier(contra)
    name = FIGURE_NAME[figure]
    pre = f"{CONTRA_NAMES[contra]} " if contra else ""
    arith = f"{value} × {g}" if g is not None else f"{value}"
    total = value * (g or 1) * m
    arith += f" × {m} = {total}" if contra else (f" = {total}" if g is not None else "")
    return (
        f"{pre}{name.en} announced by the {SIDE_EN[side]}, {'made' if made else 'lost'}: {arith}",
        f"{pre}bemondott {name.hu} ({SIDE_HU[side]}), "
        f"{'sikerült' if made else 'elbukott'}: {arith}",
        side if made else _other(side),
        total,
    )


@lru_cache(maxsize=256)
def _game_item(contra: int, level: str, w: str, g: int) -> Item:
    """The plain game of step 2a: G (× contra), won by side `w`."""
    m = contra_multiplier(contra)
    name = LEVEL_NAME[level]
    pre = f"{CONTRA_NAMES[contra]} " if contra else ""
    arith = f"{g} × {m} = {g * m}" if contra else f"{g}"
    return (
        f"{pre}game ({name.en}) won by the {SIDE_EN[w]}: {arith}",
        f"{pre}játék ({name.hu}), {SIDE_HU[w]} nyerték: {arith}",
        w,
        g * m,
    )


@lru_cache(maxsize=1024)
def _item_line(item: Item) -> tuple[Line, int]:
    """A step-2 item as its breakdown line (with the signed value S adds), and that value."""
    en, hu, winner, value = item
    signed = value if winner == DECL else -value
    if not value:
        return Line(Text(en, hu), NO_PAY, NO_PAY), signed
    arrow = f" → {_signed(signed)}"
    return Line(Text(en + arrow, hu + arrow), NO_PAY, NO_PAY), signed


@lru_cache(maxsize=4096)
def _scored_items(items: tuple[Item, ...]) -> tuple[tuple[Line, ...], str, int]:
    """The step-2 items' breakdown lines, `S = …` and S: a night repeats the same few
    combinations of items, so each is worked out once."""
    lines: list[Line] = []
    signed_values: list[int] = []
    for item in items:
        line, signed = _item_line(item)
        lines.append(line)
        signed_values.append(signed)
    shown, s = _sum_shown(signed_values)
    return tuple(lines), shown, s


def _sum_shown(signed_values: list[int]) -> tuple[str, int]:
    """`S = a + b − c = s` (or `S = s` when there is nothing to add up), and s."""
    s = 0
    expr = ""
    for signed in signed_values:
        s += signed
        if signed:
            if not expr:
                expr = _num(signed)
            else:
                expr += f" + {signed}" if signed >= 0 else f" − {-signed}"
    return (f"S = {expr} = {_num(s)}" if expr != _num(s) else f"S = {_num(s)}"), s


@lru_cache(maxsize=64)
def _silent_tier(figure: str, side: str, g: int) -> Item:
    times = GAME_TIER[figure][0]
    name = FIGURE_NAME[figure]
    return (
        f"silent {name.en} of the {SIDE_EN[side]}: {times} × {g} = {times * g}",
        f"csendes {name.hu} ({SIDE_HU[side]}): {times} × {g} = {times * g}",
        side,
        times * g,
    )


def _game_tier(hand: Hand, rule: str, g: int) -> tuple[Item, ...]:
    """Step 2a (default readings) or 2a′ (modern)."""
    assert hand.level is not None
    assert hand.sides is not None
    ann = hand.ann
    ann_double = ann.get("double_game") if ann else None
    ann_volat = ann.get("volat") if ann else None
    return _tier_items(
        rule,
        g,
        hand.level,
        hand.points,
        hand.sides["all_tricks_side"],
        hand.game_contra,
        None if ann_double is None else (ann_double.side, ann_double.contra),
        None if ann_volat is None else (ann_volat.side, ann_volat.contra),
    )


# An announced double game / volát for `_tier_items`: (side, contra level).
TierAnnouncement = tuple[str, int]


@lru_cache(maxsize=4096)
def _tier_items(
    rule: str,
    g: int,
    level: str,
    decl_points: int,
    volat_side: str | None,
    cg: int,
    ann_double: TierAnnouncement | None,
    ann_volat: TierAnnouncement | None,
) -> tuple[Item, ...]:
    """`_game_tier` from the few values it depends on (so a night builds each case once)."""
    points = {DECL: decl_points, OPP: TOTAL_POINTS - decl_points}
    w = DECL if decl_points >= WIN_POINTS else OPP
    game = _game_item(cg, level, w, g)

    def volat_item(a: TierAnnouncement) -> Item:
        side, contra = a
        return _announced_text("volat", side, contra, GAME_TIER["volat"][1], volat_side == side, g)

    def double_item(a: TierAnnouncement) -> Item:
        # "≥ 71 card points (a silent volát included)", spec §6 step 2a.2
        side, contra = a
        made = points[side] >= DOUBLE_POINTS or volat_side == side
        return _announced_text("double_game", side, contra, GAME_TIER["double_game"][1], made, g)

    if rule != "modern":
        # Spec §6 step 2a: an announced volát, else an announced double game, decides alone.
        if ann_volat is not None:
            return (volat_item(ann_volat),)
        if ann_double is not None:
            return (double_item(ann_double),)
        if volat_side == w:
            candidate: Item | None = _silent_tier("volat", w, g)
        elif points[w] >= DOUBLE_POINTS:
            candidate = _silent_tier("double_game", w, g)
        else:
            return (game,)
        assert candidate is not None
        if rule == "announced_else_replace":
            return (candidate,)
        # announced_else_max: the largest (Tolnai's "because that is more", seed 004 §53);
        # on a tie the silent figure, which replaces the game. Silent volát (3G) always
        # beats the silent double game (2G), so only one candidate is needed.
        return (game if game[3] > candidate[3] else candidate,)

    # Spec §6 step 2a′: independent groups, each side looked at on its own.
    items: list[Item] = []
    big = points[w] >= DOUBLE_POINTS or volat_side == w
    big = big or (ann_double is not None and ann_double[0] == w)
    big = big or (ann_volat is not None and ann_volat[0] == w)
    if cg or not big:
        items.append(game)
    if ann_double is not None:
        items.append(double_item(ann_double))
    for side in SIDES:
        if (
            points[side] >= DOUBLE_POINTS
            and not (ann_double is not None and ann_double[0] == side)
            and volat_side != side
            and not (ann_volat is not None and ann_volat[0] == side)
        ):
            items.append(_silent_tier("double_game", side, g))
    if ann_volat is not None:
        items.append(volat_item(ann_volat))
    if volat_side is not None and not (ann_volat is not None and ann_volat[0] == volat_side):
        items.append(_silent_tier("volat", volat_side, g))
    return tuple(items)


def _figures(hand: Hand, rules: Mapping[str, Any]) -> list[Item]:
    """Spec §6 step 2b (with the §7 exclusions) and the §12 #13 silent-ultimó penalty."""
    assert hand.sides is not None
    sides = hand.sides
    items: list[Item] = []
    volat = sides["all_tricks_side"] is not None
    voided = (
        ("trull", "four_kings") if rules["volat_voids_silent"] == "trull_four_kings" else FIGURES
    )
    ann = hand.ann
    for figure, side_field, announced_value, keys in FIGURE_ROWS:
        made_by = sides[side_field]
        if made_by is None and not ann:
            continue  # the usual figure: neither made nor announced
        for side, key in keys:
            a = ann.get(key)
            if a is not None:
                items.append(_announced_item(a, announced_value, made_by == side, None))
            elif made_by == side:
                if volat and figure in voided:
                    items.append(SILENT_FIGURE_VOIDED[figure, side])
                else:
                    items.append(SILENT_FIGURE[figure, side])
    lost = sides["pagat_lost_last_trick_side"]
    if (
        lost is not None
        and rules["silent_ultimo_failure_penalty"]
        and "pagat_ultimo/" + lost not in ann
    ):
        items.append(
            (
                f"pagát of the {SIDE_EN[lost]} beaten in the last trick: {SILENT_ULTIMO_FAILURE}",
                f"az utolsó ütésben elfogott pagát ({SIDE_HU[lost]}): {SILENT_ULTIMO_FAILURE}",
                _other(lost),
                SILENT_ULTIMO_FAILURE,
            )
        )
    return items


def _kassza_flow(
    balance: int, members: tuple[str, ...], announcer: str, take: bool, exact: bool
) -> tuple[dict[str, Amount], int, Text]:
    """Spec §8 splitting: a take leaves the remainder in the pot; a doubling makes the
    announcer pay the remainder. Returns player deltas, pot change, explanation."""
    k = len(members)
    who = _names(members)
    sign = 1 if take else -1
    rest = 0
    if exact:
        share: Amount = Fraction(balance, k)
    else:
        share, rest = split(balance, k)
    deltas: dict[str, Amount] = dict.fromkeys(members, sign * share)
    if take:
        pot = -(balance - rest)
        arith = f"{balance} / {k} = {share} each" if k > 1 else f"{balance}"
        arith_hu = f"{balance} / {k} = {share} fejenként" if k > 1 else f"{balance}"
        if rest:
            arith, arith_hu = f"{arith}, {rest} stays", f"{arith_hu}, {rest} bent marad"
        return (
            deltas,
            pot,
            Text(
                f"ultimókassza {balance} taken by {who}: {arith}",
                f"az ultimókasszát ({balance}) {who} húzza ki: {arith_hu}",
            ),
        )
    deltas[announcer] -= rest
    arith = f"{balance} / {k} = {share} each" if k > 1 else f"{balance}"
    arith_hu = f"{balance} / {k} = {share} fejenként" if k > 1 else f"{balance}"
    if rest:
        arith, arith_hu = f"{arith}, {announcer} +{rest}", f"{arith_hu}, {announcer} +{rest}"
    return (
        deltas,
        balance,
        Text(
            f"ultimó lost: {who} double the ultimókassza ({balance} → {2 * balance}): {arith}",
            f"elbukott ultimó: {who} duplázza az ultimókasszát ({balance} → {2 * balance}): "
            f"{arith_hu}",
        ),
    )


def _one_vs_three_text(
    shown: str,
    s: int,
    r: int,
    declarer: str,
    opps: tuple[str, ...],
    alone_reason: str | None,
    called_card: str | None,
) -> Text:
    """Step 3, one vs three: the declarer wins or pays 3 × S (× R), each opponent S (× R)."""
    pay = s * r
    rtxt = f" × R {r}" if r > 1 else ""
    how_en, how_hu = "", ""
    if alone_reason == "self_call":
        how_en, how_hu = f" (self-call, {called_card})", f" (önhívás, {called_card})"
    elif alone_reason == "called_card_discarded":
        how_en = f" ({called_card} lies in a discard: hivatalos kontra)"
        how_hu = f" (a hívott {called_card} fekszik: hivatalból kontra)"
    arith = f"3 × {_num(s)}{rtxt} = {_signed(3 * pay)}"
    each = f"{_num(s)}{rtxt} = {_signed(-pay)}" if r > 1 else _signed(-pay)
    return Text(
        f"{shown}; one vs three{how_en}: {declarer} {arith}; {_names(opps)} {each} each",
        f"{shown}; egy a három ellen{how_hu}: {declarer} {arith}; {_names(opps)} {each} fejenként",
    )


def _pair_vs_pair_text(
    shown: str, s: int, r: int, team: tuple[str, ...], opps: tuple[str, ...]
) -> Text:
    """Step 3, pair vs pair: each of the declarer's pair wins or pays S (× R)."""
    pay = s * r
    if r > 1:
        shown = f"{shown}; S × R = {_num(s)} × {r} = {_num(pay)}"
    # Each part once (the same text as formatting them in place, in both languages).
    winners = f"{', '.join(team)} {_signed(pay)}"
    losers = f"{', '.join(opps)} {_signed(-pay)}"
    return _new_tuple(
        Text,
        (
            f"{shown}; pair vs pair: {winners} each, {losers} each",
            f"{shown}; pár a pár ellen: {winners} fejenként, {losers} fejenként",
        ),
    )


@lru_cache(maxsize=256)
def _talon_xxi_caught_text(taker: str) -> Text:
    return Text(
        f"{taker} took the XXI from the talon, but it was caught: nothing",
        f"{taker} a talonból kapta a XXI-et, de elfogták: nem fizet",
    )


@lru_cache(maxsize=1024)
def _talon_honour_text(taker: str, card: str, late: bool, r: int, dealer: str) -> Text:
    """Step 6: an honour from the talon pays the dealer its fee (× 2 late) (× R)."""
    name = HONOUR_NAME[card]
    fee = TALON_HONOUR_FEE[card]
    amount = fee * (2 if late else 1) * r
    arith = f"{fee}" + (" × 2 (late)" if late else "") + (f" × {r}" if r > 1 else "")
    arith_hu = f"{fee}" + (" × 2 (késve)" if late else "") + (f" × {r}" if r > 1 else "")
    return Text(
        f"{taker} took the {name} from the talon: pays the dealer {dealer} "
        + (f"{arith} = {amount}" if amount != fee else f"{fee}"),
        f"{taker} a talonból kapta: {name}, fizet az osztónak ({dealer}) "
        + (f"{arith_hu} = {amount}" if amount != fee else f"{fee}"),
    )


class Paskievics:
    key = "paskievics"
    title = Text("Paskievics (huszashívó)", "Paskievics (huszashívó)")
    min_players = 4
    max_players = 5
    pot_names = (POT,)
    house_rules = HOUSE_RULES
    record = RECORD
    event_record = EVENT_RECORD

    # -- session --------------------------------------------------------------------------
    def start(self, session: Session) -> tuple[State, list[Entry]]:
        seated = tuple(p for p in session.players if p not in session.late_joiners)
        pot = (session.opening_pots or {}).get(POT, 0)
        state = State(pot=pot, seated=seated)
        entries: list[Entry] = []
        stake = session.house_rules["kassza_stake"]
        if session.house_rules["ultimo_kassza"] and stake > 0 and session.opening_pots is None:
            state, entry = self._stake(session, state, None, None)
            entries.append(entry)
        return state, entries

    def _stake(
        self, session: Session, state: State, number: int | None, dealer: str | None
    ) -> tuple[State, Entry]:
        # The stake, borrowed from Tapper (seed 004 §70), paid by every seated player.
        stake = session.house_rules["kassza_stake"]
        n = len(state.seated)
        line = Line(
            Text(
                f"kassza stake: {stake} from each of {n} seated players = {stake * n}",
                f"kasszatét: {stake} fejenként, {n} játékos = {stake * n}",
            ),
            dict.fromkeys(state.seated, -stake),
            {POT: stake * n},
        )
        entry = Entry.from_lines(
            kind="kassza_stake",
            number=None,
            dealer=dealer,
            players=session.players,
            pot_names=(POT,),
            lines=[line],
            summary=Text("kassza stake", "kasszatét"),
        )
        return state._replace(pot=state.pot + stake * n), entry

    def event(
        self, session: Session, state: State, event: Mapping[str, Any]
    ) -> tuple[State, list[Entry]]:
        # Joining/leaving between hands (spec §10; not in the sources).
        problems = Problems()
        r = Reader(event, problems)
        kind = r.choice("event", ("join", "leave"))
        who = r.player("player", session.players)
        problems.raise_if_any()
        assert who is not None
        seated = state.seated
        if kind == "join":
            if who in seated:
                raise InvalidHand.one("player", f"{who} is already seated", f"{who} már ül")
            if len(seated) >= 5:
                raise InvalidHand.one("player", "the table is full (5)", "az asztal tele (5)")
            seated = tuple(p for p in session.players if p in seated or p == who)
            text = Text(f"{who} joins the table", f"{who} beül")
        else:
            if who not in seated:
                raise InvalidHand.one(
                    "player", f"{who} is not seated", f"{who} nem ül az asztalnál"
                )
            if len(seated) <= 4:
                raise InvalidHand.one(
                    "player", "four players must stay seated", "négy játékosnak maradnia kell"
                )
            seated = tuple(p for p in seated if p != who)
            text = Text(f"{who} leaves the table", f"{who} feláll")
        entry = Entry.from_lines(
            kind=str(kind),
            number=None,
            dealer=None,
            players=session.players,
            pot_names=(POT,),
            lines=[Line(text)],
            summary=text,
        )
        return state._replace(seated=seated), [entry]

    def end_of_session(self, session: Session, state: State) -> EndOfSession:
        balance = state.pot
        if (
            not session.house_rules["ultimo_kassza"]
            or session.house_rules["kassza_end_of_session"] == "carry_over"
            or balance == 0
        ):
            lines: tuple[Line, ...] = ()
            if balance:
                lines = (
                    Line(
                        Text(
                            f"ultimókassza {balance} carried over",
                            f"ultimókassza {balance} átvive",
                        )
                    ),
                )
            return EndOfSession({}, {POT: balance}, lines)
        n = len(state.seated)
        if session.house_rules["kassza_split_rounding"] == "exact_fractions":
            share: Amount = Fraction(balance, n)
            left: Amount = 0
        else:
            share, left = split(balance, n)
        payouts = dict.fromkeys(state.seated, share)
        line = Line(
            Text(
                f"ultimókassza split: {balance} / {n} = {share} each"
                + (f", {left} carried over" if left else ""),
                f"ultimókassza szétosztva: {balance} / {n} = {share} fejenként"
                + (f", {left} átvive" if left else ""),
            ),
            payouts,
            {POT: -balance + left},
        )
        return EndOfSession(payouts, {POT: left}, (line,))

    def table_hint(self, session: Session, state: State) -> TableHint:
        dealer = self._next_dealer(state)
        sitting_out = (dealer,) if dealer is not None and len(state.seated) == 5 else ()
        notes: list[Text] = []
        for number, left in state.open_rounds:
            notes.append(
                Text(
                    f"double round #{number}: {left} deals left",
                    f"{number}. dupla kör: még {left} osztás",
                )
            )
        for number, wait in state.pending_rounds:
            notes.append(
                Text(
                    f"double round #{number} opens in {wait} deals (next round)",
                    f"{number}. dupla kör {wait} osztás múlva kezdődik (következő kör)",
                )
            )
        if state.redeal:
            notes.append(Text("all passed: the same dealer deals again", "passz: újra oszt"))
        if session.house_rules["ultimo_kassza"]:
            notes.append(Text(f"ultimókassza: {state.pot}", f"ultimókassza: {state.pot}"))
        return TableHint(dealer, sitting_out, 2 ** len(state.open_rounds), tuple(notes))

    def _next_dealer(self, state: State) -> str | None:
        last = state.last_dealer
        if last is None:  # before hand 1: the first seat (the table says who really deals)
            return state.seated[0] if state.seated else None
        if state.redeal and last in state.seated:
            return last
        seated = state.seated
        if last in seated:
            return seated[(seated.index(last) + 1) % len(seated)]
        return seated[0]

    def dump_state(self, state: State) -> dict[str, Any]:
        return dump_dataclass(state)

    def load_state(self, data: Mapping[str, Any]) -> State:
        state: State = load_dataclass(State, data)
        return state

    # -- a hand ---------------------------------------------------------------------------
    def play(
        self, session: Session, state: State, hand: Mapping[str, Any], number: int
    ) -> tuple[State, list[Entry]]:
        h = _parse(session, state, hand, number)
        rules = session.house_rules
        r = 2 ** len(state.open_rounds)  # spec §10 rule 4
        lines: list[Line] = []
        kassza = bool(rules["ultimo_kassza"])
        pot_r = r if rules["double_round_covers_pot"] else 1
        pot_change = 0
        took = False
        if h.outcome == "played":
            pot_change, took, summary = self._played(session, state, h, r, pot_r, lines)
        else:
            summary = self._no_game(session, state, h, r, pot_r, lines)
            if kassza:
                payers = h.active if rules["kassza_payers"] == "active_players" else state.seated
                if h.outcome == "honourless_fail" and rules["honourless_fail_kassza"] == (
                    "bidder_pays_5"
                ):
                    assert h.declarer is not None
                    payers = (h.declarer,)
                each = KASSZA_NO_GAME * pot_r
                extra = f" × {pot_r}" if pot_r > 1 else ""
                lines.append(
                    Line(
                        Text(
                            f"no game: {KASSZA_NO_GAME}{extra} into the ultimókassza from each of "
                            f"{_names(payers)} = {each * len(payers)}",
                            f"nincs játék: {KASSZA_NO_GAME}{extra} az ultimókasszába fejenként "
                            f"({_names(payers)}) = {each * len(payers)}",
                        ),
                        dict.fromkeys(payers, -each),
                        {POT: each * len(payers)},
                    )
                )
                pot_change += each * len(payers)
        entry = Entry.from_lines(
            kind="hand",
            number=number,
            dealer=h.dealer,
            players=session.players,
            pot_names=(POT,),
            lines=lines,
            summary=summary,
        )
        new_state = self._advance(session, state, h, pot_change)
        entries = [entry]
        if took and new_state.pot == 0 and kassza and rules["kassza_stake"] > 0:
            # Refill when a take empties the pot (Tapper, seed 004 §70).
            new_state, refill = self._stake(session, new_state, None, h.dealer)
            entries.append(refill)
        return new_state, entries

    def _advance(self, session: Session, state: State, h: Hand, pot_change: int) -> State:
        """Spec §10: double rounds, dealer, round position."""
        n = len(state.seated)
        rules = session.house_rules
        redeal = h.outcome == "all_pass" and rules["all_pass_rule"] == "redeal_double_round"
        open_rounds = state.open_rounds
        pending = state.pending_rounds
        opened = state.rounds_opened
        pos = state.round_pos
        if redeal:
            opened += 1
            if rules["double_round_start"] == "immediate":
                open_rounds = (*open_rounds, (opened, n))
            else:
                pending = (*pending, (opened, n - pos))
        else:
            # A completed deal: every open round counts down; pending rounds come nearer.
            if open_rounds:
                open_rounds = tuple([(k, left - 1) for k, left in open_rounds if left > 1])
            pos = (pos + 1) % n
            if pending:
                still: list[tuple[int, int]] = []
                for k, wait in pending:
                    if wait <= 1:
                        open_rounds = (*open_rounds, (k, n))
                    else:
                        still.append((k, wait - 1))
                pending = tuple(still)
        # Positional: State's fields in order (pot, seated, open and pending rounds, …); the
        # same NamedTuple as `State(…)`, without its Python-level `__new__` (all fields given).
        return _new_tuple(
            State,
            (
                state.pot + pot_change,
                state.seated,
                open_rounds,
                pending,
                opened,
                pos,
                h.dealer,
                redeal,
            ),
        )

    def _talon_honours(self, h: Hand, r: int, lines: list[Line], caught: bool) -> None:
        """Step 6: Újlak, honours from the talon pay the dealer (seed 004 §40)."""
        for card, taker, late in h.talon or []:
            if card == "xxi" and caught:
                lines.append(Line(_talon_xxi_caught_text(taker)))
                continue
            amount = TALON_HONOUR_FEE[card] * (2 if late else 1) * r
            lines.append(
                Line(
                    _talon_honour_text(taker, card, late, r, h.dealer),
                    {taker: -amount, h.dealer: amount},
                )
            )

    def _no_game(
        self, session: Session, state: State, h: Hand, r: int, pot_r: int, lines: list[Line]
    ) -> Text:
        rules = session.house_rules
        if h.outcome == "all_pass":
            redeal = rules["all_pass_rule"] == "redeal_double_round"
            lines.append(
                Line(
                    Text(
                        "all passed: no game"
                        + ("; the same dealer deals again, a double round opens" if redeal else ""),
                        "mindenki passzolt: nincs játék"
                        + ("; ugyanő oszt újra, dupla kör kezdődik" if redeal else ""),
                    )
                )
            )
            return Text("all pass", "mindenki passz")
        if h.outcome == "declined_three":
            lines.append(
                Line(
                    Text(
                        f"{h.declarer} declined the three (Temesvár): no game",
                        f"{h.declarer} visszaadta a hármast (Temesvár): nincs játék",
                    )
                )
            )
            return Text(f"{h.declarer} declined three", f"{h.declarer} visszaadta a hármast")
        if h.outcome == "thrown_in":
            lines.append(
                Line(
                    Text(
                        f"{h.thrown_in_by} threw the hand in: no game",
                        f"{h.thrown_in_by} bedobta a lapot: nincs játék",
                    )
                )
            )
            if rules["ujlak_talon_honours_on_no_game"]:
                self._talon_honours(h, r, lines, False)
            return Text(f"thrown in by {h.thrown_in_by}", f"bedobta: {h.thrown_in_by}")
        # Honour-less failure (seed 004 §38): the bid's value to each other active player.
        assert h.declarer is not None
        assert h.level is not None
        g = 1 if rules["honourless_fail_amount"] == "always_one" else LEVEL_VALUE[h.level]
        others = [p for p in h.active if p != h.declarer]
        each = g * r
        arith = f"{g} × {r} = {each}" if r > 1 else f"{g}"
        lines.append(
            Line(
                Text(
                    f"{h.declarer} bid {LEVEL_NAME[h.level].en} without an honour and got none: "
                    f"pays {arith} to each of {_names(others)}",
                    f"{h.declarer} honőr nélkül licitált ({LEVEL_NAME[h.level].hu}), nem kapott: "
                    f"{arith} fejenként ({_names(others)})",
                ),
                {h.declarer: -each * len(others), **dict.fromkeys(others, each)},
            )
        )
        if rules["ujlak_talon_honours_on_no_game"]:
            self._talon_honours(h, r, lines, False)
        return Text(
            f"{h.declarer} {LEVEL_NAME[h.level].en}, no honour",
            f"{h.declarer} {LEVEL_NAME[h.level].hu}, honőr nélkül",
        )

    def _played(
        self, session: Session, state: State, h: Hand, r: int, pot_r: int, lines: list[Line]
    ) -> tuple[int, bool, Text]:
        rules = session.house_rules
        assert h.declarer is not None
        assert h.level is not None
        assert h.sides is not None
        assert h.announcements is not None
        assert h.counts is not None
        declarer = h.declarer
        g = LEVEL_VALUE[h.level]
        partner = h.partner
        if partner is None:
            team: tuple[str, ...] = (declarer,)
        else:
            team = tuple([p for p in h.active if p in (declarer, partner)])
        opps = tuple([p for p in h.active if p not in team])
        members = {DECL: team, OPP: opps}
        alone = h.partner is None
        five = len(state.seated) == 5
        irregular = h.irregularity
        void = (
            irregular is not None
            and (irregular[0] == "renonsz" or rules["wrong_discard_penalty"] == "strict")
            and rules["irregularity_voids_hand"]
        )
        mild = (
            irregular is not None
            and irregular[0] == "wrong_discard"
            and rules["wrong_discard_penalty"] == "mild"
        )
        # Step 5 (announced counts first: paid at once, stay even in a void hand).
        if h.counts:
            self._counts(session, h, r, members, five, void, lines, announced=True)

        s = 0
        if not void:
            figures = _figures(h, rules)
            tier = _game_tier(h, rules["game_tier_rule"], g)
            item_lines, shown, s = _scored_items((*tier, *figures) if figures else tier)
            lines.extend(item_lines)
            pay = s * r
            deltas: dict[str, Amount] = {}
            if not pay:
                text = Text(f"{shown}: nobody pays", f"{shown}: senki sem fizet")
            elif alone:
                deltas = {declarer: 3 * pay, **dict.fromkeys(opps, -pay)}
                text = _one_vs_three_text(
                    shown, s, r, declarer, opps, h.alone_reason, h.called_card
                )
            else:
                deltas = dict.fromkeys(team, pay)
                for p in opps:
                    deltas[p] = -pay
                text = _pair_vs_pair_text(shown, s, r, team, opps)
            if mild and irregular is not None and pay:
                deltas, text = self._mild(irregular[1], team, opps, deltas)
                text = Text(f"{shown}; {text.en}", f"{shown}; {text.hu}")
            lines.append(_new_tuple(Line, (text, deltas, EMPTY)))
            # Sír és nevet (seed 004 §41): the sitting-out dealer pays / receives S (× R).
            if rules["sir_es_nevet"] and five and irregular is None and pay:
                lines.append(
                    Line(
                        Text(
                            f"sír és nevet: the dealer {h.dealer} "
                            + (
                                f"pays {declarer} {pay}"
                                if pay > 0
                                else f"receives {-pay} from {declarer}"
                            ),
                            f"sír és nevet: az osztó ({h.dealer}) "
                            + (
                                f"fizeti a felvevő ({declarer}) nyereségét: {pay}"
                                if pay > 0
                                else f"megkapja a felvevő ({declarer}) veszteségét: {-pay}"
                            ),
                        ),
                        {h.dealer: -pay, declarer: pay},
                    )
                )
        # Silent claims (void: they do not happen, spec §9 note).
        if h.counts:
            self._counts(session, h, r, members, five, void, lines, announced=False)

        if irregular is not None and not mild:
            # Renonsz (seed 004 §62*) / strict wrong discard (seed 004 §38): Q to each other.
            kind, offender = irregular
            q = g * contra_multiplier(h.game_contra)
            parts = [f"{g} × {contra_multiplier(h.game_contra)}" if h.game_contra else f"{g}"]
            for a in h.announcements:
                if a.figure in GAME_TIER:
                    v = GAME_TIER[a.figure][1] * g
                else:
                    v = FIGURE_VALUE[a.figure][1]
                m = contra_multiplier(a.contra)
                q += v * m
                parts.append(f"{v} × {m}" if a.contra else f"{v}")
            others = [p for p in h.active if p != offender]
            penalty = q * r
            rtxt = f" × R {r} = {penalty}" if r > 1 else ""
            name = (
                Text("renonsz (revoke)", "renonsz")
                if kind == "renonsz"
                else Text("wrong discard", "hibás skart")
            )
            lines.append(
                Line(
                    Text(
                        f"{name.en} by {offender}: Q = {' + '.join(parts)} = {q}{rtxt}, "
                        f"paid to each of {_names(others)}"
                        + ("; the normal settlement is void" if void else ""),
                        f"{name.hu}: {offender} fizet, Q = {' + '.join(parts)} = {q}{rtxt}, "
                        f"fejenként ({_names(others)})"
                        + ("; a rendes elszámolás elmarad" if void else ""),
                    ),
                    {offender: -penalty * len(others), **dict.fromkeys(others, penalty)},
                )
            )

        # Step 6: talon honours stay even in a void hand.
        if h.talon:
            self._talon_honours(h, r, lines, h.sides["xxi_catch_side"] is not None)

        # Step 7: the ultimókassza (spec §8); nothing in a void hand.
        pot_change = 0
        took = False
        if rules["ultimo_kassza"] and not void:
            balance = state.pot
            exact = rules["kassza_split_rounding"] == "exact_fractions"
            for a in h.announcements:
                if a.figure != "pagat_ultimo":
                    continue
                made = h.sides["pagat_ultimo_side"] == a.side
                deltas_k, change, text = _kassza_flow(balance, members[a.side], a.by, made, exact)
                took = took or made
                lines.append(Line(text, deltas_k, {POT: change}))
                pot_change += change
            lost_three = h.level == "three" and h.points < WIN_POINTS
            if rules["ujlak_lost_three_kassza"] and lost_three:
                amount = UJLAK_LOST_THREE * pot_r
                lines.append(
                    Line(
                        Text(
                            f"Újlak: {declarer} lost the three, pays {amount} into the ultimókassza",
                            f"Újlak: {declarer} elvesztette a hármast, {amount}-et fizet az ultimókasszába",
                        ),
                        {declarer: -amount},
                        {POT: amount},
                    )
                )
                pot_change += amount
        if not lines:
            lines.append(Line(Text("nothing to pay", "nincs fizetés")))

        partner = "alone" if alone else h.partner
        partner_hu = "egyedül" if alone else h.partner
        pre = _contra_prefix(h.game_contra)
        verdict = "won" if h.points >= WIN_POINTS else "lost"
        verdict_hu = "nyert" if h.points >= WIN_POINTS else "vesztett"
        level_name = LEVEL_NAME[h.level]
        summary = _new_tuple(
            Text,
            (
                f"{declarer} {pre}{level_name.en}, {h.called_card}→{partner}, {verdict} {h.points}",
                f"{declarer} {pre}{level_name.hu}, {h.called_card}→{partner_hu}, "
                f"{verdict_hu} {h.points}",
            ),
        )
        if irregular is not None:
            summary = Text(
                f"{summary.en}, {irregular[0]} {irregular[1]}",
                f"{summary.hu}, {irregular[0]} {irregular[1]}",
            )
        return pot_change, took, summary

    @staticmethod
    def _mild(
        offender: str, team: tuple[str, ...], opps: tuple[str, ...], normal: dict[str, Amount]
    ) -> tuple[dict[str, Amount], Text]:
        """Milder wrong-discard penalty (seed 004 §38): only the offender pays."""
        side = team if offender in team else opps
        mates = [p for p in side if p != offender]
        won = normal[offender] > 0
        if won:
            payees = {p: normal[p] for p in mates}
        else:
            payees = {p: v for p, v in normal.items() if v > 0}
        total = sum(payees.values())
        deltas: dict[str, Amount] = {**payees, offender: -total}
        listing = ", ".join(f"{p} {v}" for p, v in payees.items()) or "nobody"
        listing_hu = ", ".join(f"{p} {v}" for p, v in payees.items()) or "senki"
        if won:
            return deltas, Text(
                f"wrong discard by {offender} (mild): his side won; he alone pays his "
                f"teammates' winnings ({listing}), the losers pay nothing",
                f"hibás skart ({offender}, enyhébb): a pártja nyert; egyedül ő fizeti a társa "
                f"nyereségét ({listing_hu}), a vesztesek nem fizetnek",
            )
        return deltas, Text(
            f"wrong discard by {offender} (mild): his side lost; he alone pays every winner "
            f"({listing}), his teammates pay nothing",
            f"hibás skart ({offender}, enyhébb): a pártja vesztett; egyedül ő fizet minden "
            f"nyerőnek ({listing_hu}), a társai nem fizetnek",
        )

    def _counts(
        self,
        session: Session,
        h: Hand,
        r: int,
        members: dict[str, tuple[str, ...]],
        five: bool,
        void: bool,
        lines: list[Line],
        *,
        announced: bool,
    ) -> None:
        """Step 5: tarokk counts (seed 004 §45), × R, never contra'd."""
        if not h.counts:
            return
        rules = session.house_rules
        for seat, count, is_announced in h.counts or []:
            if is_announced != announced:
                continue
            k = COUNT_VALUE[count]
            amount = k * r
            arith = f"{k} × {r} = {amount}" if r > 1 else f"{k}"
            name = COUNT_NAME[count]
            if announced:
                payers = [p for p in h.active if p != seat]
                if (
                    rules["sir_es_nevet"]
                    and five
                    and (seat == h.declarer or rules["sir_es_nevet_counts"] == "all_announcers")
                ):
                    payers.append(h.dealer)
                lines.append(
                    Line(
                        Text(
                            f"{name.en} announced by {seat}: {arith} from each of {_names(payers)}",
                            f"{name.hu} bemondva ({seat}): {arith} fejenként ({_names(payers)})",
                        ),
                        {seat: amount * len(payers), **dict.fromkeys(payers, -amount)},
                    )
                )
                continue
            side = DECL if seat in members[DECL] else OPP
            mates = [p for p in members[side] if p != seat]
            if (
                side == OPP
                and len(members[OPP]) == 3
                and rules["silent_count_payers_1v3"] == "none"
            ):
                mates = []
            if void:
                mates = []
            if not mates:
                lines.append(
                    Line(
                        Text(
                            f"{name.en} claimed by {seat} after the hand: nobody pays",
                            f"{name.hu} utólag ({seat}): senki sem fizet",
                        )
                    )
                )
                continue
            lines.append(
                Line(
                    Text(
                        f"{name.en} claimed by {seat} from his partner(s) {_names(mates)}: {arith} each",
                        f"{name.hu} utólag ({seat}) a társától ({_names(mates)}): {arith} fejenként",
                    ),
                    {seat: amount * len(mates), **dict.fromkeys(mates, -amount)},
                )
            )


VARIANT = Paskievics()
