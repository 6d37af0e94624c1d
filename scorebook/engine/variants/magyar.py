"""Magyar tarokk: three players, the declarer alone against two (spec `rules/magyar.md`).

The game value `G` grows with every talon group the declarer turns up before keeping one
(seed 004 §65); figures and contras follow the Paskievics rules Tolnai refers to.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from types import MappingProxyType
from typing import Any

from scorebook.engine import pots
from scorebook.engine.errors import InvalidHand, Problems
from scorebook.engine.payments import CONTRA_NAMES, contra_multiplier, each_pays, split
from scorebook.engine.record import Reader
from scorebook.engine.shape import INT, PLAYER, TEXT, TEXTS, fields, rows
from scorebook.engine.state import dump_dataclass, load_dataclass
from scorebook.engine.types import (
    Amount,
    EndOfSession,
    Entry,
    HouseRule,
    Line,
    Session,
    TableHint,
    Text,
)
from scorebook.engine.variants._tarokk_count import read_tarokk_counts

# The hand record (spec §13), field by field: what `check_input` lets through to the reader.
RECORD = fields(
    dealer=PLAYER,
    outcome=TEXT,
    declarer=PLAYER,
    level=TEXT,
    talon_step=INT,
    talon_figure_cards=TEXTS,
    game_contra=INT,
    announcements=rows(figure=TEXT, by=PLAYER, contra=INT),
    tarokk_counts=rows(seat=PLAYER, count=INT),
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

KEY = "magyar"
POT = "ultimokassza"
DECLARER, OPPONENTS = "declarer", "opponents"
SIDES = (DECLARER, OPPONENTS)
OUTCOMES = ("played", "all_pass", "no_game")
LEVELS = ("three", "lower_three", "two", "one", "solo")

TOTAL_CARD_POINTS = 94  # seed 004 §7 by reference, §66
WIN_THRESHOLD = 48  # seed 004 §65 ("legalább 48 pontot"); 47–47 the opponents win (§9)
DOUBLE_GAME_THRESHOLD = 71  # seed 004 §52 (only with double_game)
SOLO_VALUE = 10  # seed 004 §65 "Szólójáték 10 pont"
# Talon steps: G for keeping a group at step k (seed 004 §65): three k, lower three k + 1,
# two 2k, one 3k. (unit, offset) per level.
STEP_VALUE = {"three": (1, 0), "lower_three": (1, 1), "two": (2, 0), "one": (3, 0)}
# The source's last named step: 3rd three, 3rd lower three, 5th two, 11th one (seed 004 §65)
SOURCE_MAX_STEP = {"three": 3, "lower_three": 3, "two": 5, "one": 11}
# Talon cards kept per level; the rest of the 6-card talon goes to the opponents (§65)
KEPT = {"three": 3, "lower_three": 3, "two": 2, "one": 1, "solo": 0}
TALON_SIZE = 6
# Figures (silent, announced), seed 004 §65: tulétroá 1/2, négy király 1/2, pagát ultimó
# 5/10, huszonegyfogás 21/42.
FIGURES: dict[str, tuple[int, int, Text]] = {
    "trull": (1, 2, Text("trull", "tulétroá")),
    "four_kings": (1, 2, Text("four kings", "négy király")),
    "pagat_ultimo": (5, 10, Text("pagát ultimó", "pagátultimó")),
    "xxi_catch": (21, 42, Text("XXI-catch", "huszonegyfogás")),
}
VOLAT = Text("volát", "volát")  # silent 3G, announced 6G (seed 004 §65)
DOUBLE_GAME = Text("double game", "duplajáték")  # silent 2G, announced 4G (seed 004 §52)
GAME_TIER = ("volat", "double_game")
KASSZA_NO_GAME = 5  # per player on any no-game (seed 004 §26, via paskievics.md §8)
SILENT_ULTIMO_FAILURE = 5  # section 12 #11 (paskievics.md §12 #13)
TALON_FIGURE_CARDS = {"skiz": 1, "xxi": 1, "pagat": 1, "king": 4}
HONOURS = ("skiz", "xxi", "pagat")
EMPTY: Mapping[str, Amount] = MappingProxyType({})  # shared by explanation-only lines
SIDE_NAMES = {DECLARER: ("declarer", "felvevő"), OPPONENTS: ("opponents", "ellenfelek")}

LEVEL_NAMES = {
    "three": Text("hármas", "hármas"),
    "lower_three": Text("alsó hármas", "alsó hármas"),
    "two": Text("kettős", "kettős"),
    "one": Text("egyes", "egyes"),
    "solo": Text("szóló", "szóló"),
}
HU_ORDINALS = (
    "első",
    "második",
    "harmadik",
    "negyedik",
    "ötödik",
    "hatodik",
    "hetedik",
    "nyolcadik",
    "kilencedik",
    "tizedik",
    "tizenegyedik",
)


@dataclass(frozen=True, slots=True)
class CountBonusRule(HouseRule):
    """A house rule whose value is null or {"min_tarokks": n, "value": v} (section 12 #5).

    `HouseRule.check` knows no object-valued kind, so this one checks its own values.
    """

    def check(self, value: Any) -> str | None:
        if value is None:
            return None
        if not isinstance(value, Mapping) or set(value) != {"min_tarokks", "value"}:
            return f'{value!r} is not null or {{"min_tarokks": n, "value": v}}'
        for name, lo, hi in (("min_tarokks", 1, 22), ("value", 1, None)):
            v = value[name]
            if isinstance(v, bool) or not isinstance(v, int):
                return f"{name}: {v!r} is not a whole number"
            if v < lo or (hi is not None and v > hi):
                return f"{name}: {v} is outside {lo}–{hi if hi is not None else '∞'}"
        return None


def _rule(name: str, default: Any, kind: str, en: str, hu: str, **kw: Any) -> HouseRule:
    return HouseRule(name, default, kind, Text(en, hu), **kw)


HOUSE_RULES: tuple[HouseRule, ...] = (
    _rule(
        "tariff_per_opponent",
        True,
        "bool",
        "Each opponent pays the full tariff (off: the amount is split, each opponent paying half)",
        "Mindkét ellenfél a teljes díjat fizeti (ki: a díjat felezik, fejenként a felét)",
    ),
    _rule(
        "max_talon_step",
        "source",
        "choice",
        "Last talon step: as the source (3rd three, 5th two, 11th one) or unlimited",
        "Utolsó talonlépés: a forrás szerint (3. hármas, 5. kettős, 11. egyes) vagy korlátlan",
        choices=("source", "unlimited"),
        choice_labels=(Text("as the source", "a forrás szerint"), Text("unlimited", "korlátlan")),
    ),
    _rule(
        "talon_counts_for_figures",
        True,
        "bool",
        "Left-over talon cards complete the opponents' trull or four kings",
        "A visszahagyott talon lapjai beszámítanak az ellenfelek tulétroájába, négy királyába",
    ),
    _rule(
        "double_game",
        False,
        "bool",
        "Double game (seed 004 §52): 2G silent, 4G announced, from 71 card points",
        "Duplajáték (Tolnai, 52. §): csendesen 2G, bemondva 4G, 71 ponttól",
    ),
    CountBonusRule(
        "tarokk_count_bonus",
        None,
        "json",
        Text(
            'Tarokk-count bonus: null or {"min_tarokks": n, "value": v}, paid by each other player',
            'Tarokkszám-díj: null vagy {"min_tarokks": n, "value": v}, mindenki más fizeti',
        ),
    ),
    _rule(
        "all_pass_rule",
        "next_dealer",
        "choice",
        "After an all-pass the next dealer deals (or the same dealer again)",
        "Ha mindenki passzol, a következő oszt (vagy ugyanaz újra)",
        choices=("next_dealer", "same_dealer"),
        choice_labels=(
            Text("the next dealer deals", "a következő oszt"),
            Text("the same dealer again", "ugyanaz oszt újra"),
        ),
    ),
    _rule(
        "ultimo_kassza",
        False,
        "bool",
        "Ultimókassza as in Paskievics: 5 each on a no-game, announced ultimó takes or doubles it",
        "Ultimókassza mint a Paskievicsben: játék nélkül 5-5, bemondott ultimó viszi vagy duplázza",
    ),
    _rule(
        "game_tier_rule",
        "announced_else_max",
        "choice",
        "Without a volát announcement: pay the larger of the contra'd game and a silent volát "
        "(or the silent volát replaces the game)",
        "Bemondott volát nélkül a kontrázott játék és a csendes volát közül a nagyobb "
        "(vagy a csendes volát helyettesíti a játékot)",
        choices=("announced_else_max", "announced_else_replace"),
        choice_labels=(
            Text("the larger", "a nagyobb"),
            Text("the silent volát replaces", "a csendes volát helyettesíti"),
        ),
    ),
    _rule(
        "volat_voids_silent",
        "trull_four_kings",
        "choice",
        "A volát voids silent trull and four kings (or every silent figure)",
        "Volátnál a csendes tulétroá és négy király nem jár (vagy egyik csendes figura sem)",
        choices=("trull_four_kings", "all_silent"),
        choice_labels=(
            Text("trull and four kings", "tulétroá és négy király"),
            Text("every silent figure", "minden csendes figura"),
        ),
    ),
    _rule(
        "wrong_discard_penalty",
        "strict",
        "choice",
        "Wrong discard: the declarer pays each opponent Q (strict) or only loses his winnings",
        "Hibás skart: a felvevő mindkét ellenfélnek Q-t fizet (szigorú), vagy csak nem nyerhet",
        choices=("strict", "mild"),
        choice_labels=(Text("strict", "szigorú"), Text("mild", "enyhe")),
    ),
    _rule(
        "irregularity_voids_hand",
        True,
        "bool",
        "A revoke or strict wrong discard voids the normal settlement (off: penalty on top)",
        "Renonsz vagy szigorú hibás skart esetén a rendes elszámolás elmarad (ki: büntetés ráadásként)",
    ),
    _rule(
        "silent_ultimo_failure_penalty",
        False,
        "bool",
        "A pagát played to the last trick and beaten costs its side 5",
        "Az utolsó ütésben elütött pagát 5 pontjába kerül a pártjának",
    ),
    _rule(
        "max_contra_level",
        5,
        "choice",
        "Highest contra: mordkontra (5) or rekontra (2)",
        "Legmagasabb kontra: mordkontra (5) vagy rekontra (2)",
        choices=(5, 2),
        choice_labels=(
            Text("up to mordkontra (5)", "mordkontráig (5)"),
            Text("up to rekontra (2)", "rekontráig (2)"),
        ),
    ),
    _rule(
        "no_tarokk_throw_in",
        False,
        "bool",
        "A player with no tarokk or the XXI alone may throw the hand in (a no-game)",
        "Tarokk nélkül vagy csak a XXI-gyel be lehet dobni a lapot (nincs játék)",
    ),
)


@dataclass(frozen=True, slots=True)
class MagyarState:
    next_dealer: str
    pot: int  # ultimókassza balance


@dataclass(slots=True)
class Announcement:  # internal, built once per hand (not frozen: faster)
    figure: str
    by: str
    side: str
    contra: int


@dataclass(slots=True)
class Result:  # internal, built once per hand (not frozen: faster)
    points: int
    all_tricks: str | None
    made: dict[str, str | None]  # figure -> side
    pagat_lost: str | None


@dataclass(slots=True)
class Played:  # internal, built once per hand (not frozen: faster)
    declarer: str
    opponents: tuple[str, ...]
    level: str
    step: int | None
    g: int
    game_contra: int
    announcements: tuple[Announcement, ...]
    talon_cards: tuple[str, ...]
    counts: tuple[tuple[str, int], ...]
    result: Result | None
    irregularity: tuple[str, str] | None  # (kind, seat)


@lru_cache(maxsize=4096)
def _item_line(en: str, hu: str, winner: str, value: int) -> tuple[Line, int]:
    """An item of §6 steps 1–2 as its breakdown line, and the signed value it adds to S."""
    signed = value if winner == DECLARER else -value
    tail = f" → {_signed(signed)}"
    return Line(Text(en + tail, hu + tail), EMPTY, EMPTY), signed


@lru_cache(maxsize=4096)
def _game_item(
    g: int, contra: int, decl_points: int, all_tricks: str | None, double_on: bool, replace: bool
) -> tuple[Text, str, int]:
    """§6 step 2 without an announced volát or double game: the game, or a silent volát /
    double game (replacing it, or paid when more than it). Text, winning side, value."""
    winner = DECLARER if decl_points >= WIN_THRESHOLD else OPPONENTS
    side_points = decl_points if winner == DECLARER else TOTAL_CARD_POINTS - decl_points
    m = contra_multiplier(contra)
    game = g * m
    who_en = "the declarer" if winner == DECLARER else "the opponents"
    who_hu = "a felvevő" if winner == DECLARER else "az ellenfelek"
    arith = f"{g} × {m} = {game}" if m > 1 else f"{game}"
    game_text = Text(
        f"{_contra_word(contra)}game, won by {who_en} ({decl_points} card points): {arith}",
        f"{_contra_word(contra)}játék, {who_hu} {'nyert' if winner == DECLARER else 'nyertek'} ({decl_points} pont): {arith}",
    )
    options: list[tuple[int, Text]] = []
    if all_tricks == winner:
        options.append(
            (
                3 * g,
                Text(
                    f"silent volát of {who_en}: 3 × {g} = {3 * g}",
                    f"csendes volát ({who_hu}): 3 × {g} = {3 * g}",
                ),
            )
        )
    if double_on and side_points >= DOUBLE_GAME_THRESHOLD:
        options.append(
            (
                2 * g,
                Text(
                    f"silent double game of {who_en}: 2 × {g} = {2 * g}",
                    f"csendes duplajáték ({who_hu}): 2 × {g} = {2 * g}",
                ),
            )
        )
    if replace:
        # Silent volát, else silent double game, else the game (seed 004 §53 literal).
        value, text = options[0] if options else (game, game_text)
        if options:
            text = Text(f"{text.en} (replaces the game)", f"{text.hu} (a játék helyett)")
    else:
        value, text = game, game_text
        for option_value, option_text in options:
            if option_value > value:
                value, text = (
                    option_value,
                    Text(
                        f"{option_text.en} (more than the game {game})",
                        f"{option_text.hu} (több, mint a játék: {game})",
                    ),
                )
    return text, winner, value


@lru_cache(maxsize=4096)
def _settle_text(decl: str, s: int, per_opponent: bool) -> tuple[Text, Amount]:
    """Spec §6 step 3 for S ≠ 0: the text, and what each opponent pays (negative: receives)."""
    if per_opponent:
        share: Amount = abs(s)
        en_arith = f"{share} from each opponent, 2 × {share} = {2 * share}"
        hu_arith = f"{share} mindkét ellenféltől, 2 × {share} = {2 * share}"
    else:
        half, rest = split(abs(s), 2)
        share = half if rest == 0 else Fraction(abs(s), 2)
        en_arith = f"{abs(s)} split between the opponents: {abs(s)} ÷ 2 = {_show(share)} each"
        hu_arith = f"{abs(s)} a két ellenfél között: {abs(s)} ÷ 2 = {_show(share)} fejenként"
    amount: Amount = share if s > 0 else -share
    if s > 0:
        text = Text(
            f"S = {_signed(s)}: {decl} receives {en_arith}",
            f"S = {_signed(s)}: {decl} kap {hu_arith}",
        )
    else:
        text = Text(
            f"S = {_signed(s)}: {decl} pays {en_arith.replace('from each', 'to each')}",
            f"S = {_signed(s)}: {decl} fizet {hu_arith.replace('ellenféltől', 'ellenfélnek')}",
        )
    return text, amount


ANNOUNCEABLE = ("volat", "trull", "four_kings", "pagat_ultimo", "xxi_catch")
ANNOUNCEABLE_WITH_DOUBLE = ("volat", "double_game", *ANNOUNCEABLE[1:])


def _announcement(
    item: Any,
    i: int,
    problems: Problems,
    figures: tuple[str, ...],
    players: tuple[str, ...],
    maxc: int,
) -> tuple[str | None, str | None, int | None]:
    """One announcements[i] item; the fast path accepts only what the Reader would accept."""
    if type(item) is dict:
        figure, by, contra = item.get("figure"), item.get("by"), item.get("contra", 0)
        if contra is None:
            contra = 0
        if (
            type(figure) is str
            and figure in figures
            and type(by) is str
            and by in players
            and type(contra) is int
            and 0 <= contra <= maxc
        ):
            return figure, by, contra
    rd = Reader(item, problems, f"announcements[{i}]")
    return (
        rd.choice("figure", figures),
        rd.player("by", players),
        rd.integer("contra", lo=0, hi=maxc, default=0),
    )


def _other(side: str) -> str:
    return OPPONENTS if side == DECLARER else DECLARER


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else (f"−{-value}" if value < 0 else "0")


def _contra_word(level: int) -> str:
    return CONTRA_WORDS[level]


CONTRA_WORDS = tuple(f"{name} " if name else "" for name in CONTRA_NAMES)  # "", "kontra ", …


@lru_cache(maxsize=1024)
def _announced_figure_text(figure: str, contra: int, by: str, won: bool) -> tuple[str, str]:
    """An announced figure (§6 step 1): its value × contra, made or failed."""
    _, announced, name = FIGURES[figure]
    m = contra_multiplier(contra)
    value = announced * m
    arith = f"{announced} × {m} = {value}" if m > 1 else f"{value}"
    return (
        f"{_contra_word(contra)}{name.en} announced by {by}: {arith}, "
        + ("made" if won else "failed"),
        f"{_contra_word(contra)}{name.hu} ({by} mondta be): {arith}, "
        + ("sikerült" if won else "elbukott"),
    )


@lru_cache(maxsize=64)
def _silent_figure_text(figure: str, side: str) -> tuple[str, str]:
    """A silent figure made by `side` (§6 step 1)."""
    silent, _, name = FIGURES[figure]
    side_en, side_hu = SIDE_NAMES[side]
    return f"silent {name.en} ({side_en}): {silent}", f"csendes {name.hu} ({side_hu}): {silent}"


def _show(amount: Amount) -> str:
    return str(amount)


# Each figure and its result field, e.g. ("trull", "trull_side").
FIGURE_SIDE_FIELDS = tuple((f, f"{f}_side") for f in FIGURES)


def _side(reader: Reader, name: str) -> str | None:
    """An optional side field; the common valid case without the Reader's generic path."""
    value = reader.data.get(name)
    if value is None:
        return None
    if value.__class__ is str and value in SIDES:
        return value
    if value in SIDES:
        return str(value)
    result: str | None = reader.choice(name, SIDES, optional=True)  # adds the problem
    return result


def game_value(level: str, step: int | None) -> int:
    if level == "solo" or step is None:
        return SOLO_VALUE
    unit, offset = STEP_VALUE[level]
    return unit * step + offset


@cache
def _game_name(level: str, step: int | None) -> Text:
    name = LEVEL_NAMES[level]
    if level == "solo" or step is None:
        return name
    if level in ("two", "one"):
        ordinal = HU_ORDINALS[step - 1] if step <= len(HU_ORDINALS) else f"{step}."
        return Text(f"{name.en} (talon step {step})", f"{ordinal} {name.hu}")
    return Text(f"{name.en} (talon step {step})", f"{name.hu} ({step}. talonlépés)")


@cache
def _g_line(level: str, step: int | None, g: int) -> Line:
    name = _game_name(level, step)
    if level == "solo" or step is None:
        return Line(Text(f"game value: szóló, G = {g}", f"játékérték: szóló, G = {g}"))
    unit, offset = STEP_VALUE[level]
    if unit == 1 and offset == 0:
        arith = f"G = {g}"
    elif offset:
        arith = f"G = {step} + {offset} = {g}"
    else:
        arith = f"G = {unit} × {step} = {g}"
    return Line(Text(f"game value: {name.en}, {arith}", f"játékérték: {name.hu}, {arith}"))


class Magyar:
    key = KEY
    title = Text("Magyar tarokk", "Magyar tarokk")
    min_players = 3
    max_players = 3
    pot_names: tuple[str, ...] = (POT,)
    house_rules = HOUSE_RULES
    record = RECORD
    event_record = None

    # -- session ---------------------------------------------------------------------------

    def start(self, session: Session) -> tuple[MagyarState, list[Entry]]:
        pot = (session.opening_pots or {}).get(POT, 0)
        # Seat convention (spec §1): the last player deals first, so the first is first hand.
        return MagyarState(next_dealer=session.players[-1], pot=pot), []

    def event(
        self, session: Session, state: MagyarState, event: Mapping[str, Any]
    ) -> tuple[MagyarState, list[Entry]]:
        raise InvalidHand.one(
            "event",
            "Magyar tarokk has no session events: exactly three players play (spec §10)",
            "A magyar tarokkban nincs ülésesemény: mindig hárman játszanak (§10)",
        )

    def end_of_session(self, session: Session, state: MagyarState) -> EndOfSession:
        if not session.house_rules["ultimo_kassza"] or state.pot <= 0:
            return EndOfSession(dict.fromkeys(session.players, 0), {POT: state.pot})
        # paskievics.md §8 default `split_equally`: floor shares, the remainder is carried.
        move = pots.take(state.pot, session.players)
        share, rest = move.share, move.rest
        line = move.line(
            POT,
            Text(
                f"ultimókassza {state.pot} split equally: {state.pot} ÷ 3 = {share} each, {rest} carried over",
                f"ultimókassza {state.pot} egyenlően elosztva: {state.pot} ÷ 3 = {share} fejenként, {rest} marad",
            ),
        )
        return EndOfSession(dict.fromkeys(session.players, share), {POT: rest}, (line,))

    def table_hint(self, session: Session, state: MagyarState) -> TableHint:
        notes: tuple[Text, ...] = ()
        if session.house_rules["ultimo_kassza"]:
            notes = (pots.balance_note(state.pot),)
        return TableHint(next_dealer=state.next_dealer, notes=notes)

    def dump_state(self, state: MagyarState) -> dict[str, Any]:
        return dump_dataclass(state)

    def load_state(self, data: Mapping[str, Any]) -> MagyarState:
        state: MagyarState = load_dataclass(MagyarState, data)
        return state

    # -- reading the record -----------------------------------------------------------------

    def _read_played(
        self, session: Session, r: Reader, problems: Problems, declarer: str | None
    ) -> Played | None:
        players = session.players
        rules = session.house_rules
        maxc = rules["max_contra_level"]
        level = r.choice("level", LEVELS)
        step: int | None = None
        if level == "solo":
            if r.has("talon_step"):
                problems.add(
                    "talon_step",
                    "must be null in szóló (no talon card is taken)",
                    "szólóban üresnek kell lennie (nincs talonlap)",
                )
        elif level is not None:
            hi = SOURCE_MAX_STEP[level] if rules["max_talon_step"] == "source" else None
            step = r.integer("talon_step", lo=1, hi=hi)
        game_contra = r.integer("game_contra", lo=0, hi=maxc)

        talon_cards: list[str] = []
        raw_cards = r.raw("talon_figure_cards")
        if raw_cards is not None:
            if not isinstance(raw_cards, list):
                problems.add("talon_figure_cards", "must be a list", "listának kell lennie")
            else:
                for i, card in enumerate(raw_cards):
                    if not isinstance(card, str) or card not in TALON_FIGURE_CARDS:
                        problems.add(
                            f"talon_figure_cards[{i}]",
                            f"{card!r} is not one of skiz, xxi, pagat, king",
                            f"{card!r} nem lehet (skiz, xxi, pagat, king)",
                        )
                    elif talon_cards.count(card) >= TALON_FIGURE_CARDS[card]:
                        problems.add(
                            f"talon_figure_cards[{i}]",
                            f"there are only {TALON_FIGURE_CARDS[card]} × {card} in the pack",
                            f"a pakliban csak {TALON_FIGURE_CARDS[card]} {card} van",
                        )
                    else:
                        talon_cards.append(card)
                if level is not None and len(raw_cards) > TALON_SIZE - KEPT[level]:
                    left = TALON_SIZE - KEPT[level]
                    problems.add(
                        "talon_figure_cards",
                        f"only {left} talon cards are left to the opponents in {level}",
                        f"{LEVEL_NAMES[level].hu} játékban csak {left} talonlap marad az ellenfeleknek",
                    )

        opponents = tuple([p for p in players if p != declarer])
        announcements: list[Announcement] = []
        figures = ANNOUNCEABLE_WITH_DOUBLE if rules["double_game"] else ANNOUNCEABLE
        seen: set[tuple[str, str]] = set()
        tier_side: str | None = None
        raw_items = r.data.get("announcements")
        if raw_items is not None and type(raw_items) is not list:
            r.items("announcements")  # words the problem
            raw_items = None
        for i, raw_item in enumerate(raw_items or ()):
            figure, by, contra = _announcement(raw_item, i, problems, figures, players, maxc)
            if figure is None or by is None or contra is None or declarer is None:
                continue
            side = DECLARER if by == declarer else OPPONENTS
            if (figure, side) in seen:
                problems.add(
                    f"announcements[{i}].figure",
                    f"{figure} is already announced by the {side}",
                    f"ezt a figurát ({figure}) ez a párt már bemondta",
                )
                continue
            seen.add((figure, side))
            if figure in GAME_TIER:
                if tier_side is not None and tier_side != side:
                    problems.add(
                        f"announcements[{i}].by",
                        "volát and double game may be announced by one side only",
                        "volátot és duplajátékot csak az egyik párt mondhat be",
                    )
                    continue
                tier_side = side
            announcements.append(Announcement(figure, by, side, contra))

        counts = read_tarokk_counts(
            r, "tarokk_counts", "seat", players, scored=rules["tarokk_count_bonus"] is not None
        )

        irregularity: tuple[str, str] | None = None
        irr = r.obj("irregularity", optional=True)
        if irr is not None:
            kind = irr.choice("kind", ("renonsz", "wrong_discard"))
            seat = irr.player("seat", players)
            if kind == "wrong_discard" and seat is not None and declarer is not None:
                if seat != declarer:
                    problems.add(
                        "irregularity.seat",
                        "only the declarer discards, so only he can discard wrongly",
                        "csak a felvevő skartol, így csak ő skartolhat hibásan",
                    )
                elif level == "solo":
                    problems.add(
                        "irregularity.kind",
                        "there is no discard in szóló",
                        "szólóban nincs skart",
                    )
            if kind is not None and seat is not None:
                irregularity = (kind, seat)

        voided = irregularity is not None and self._voids(session, irregularity[0])
        res = r.obj("result", optional=voided)
        result = self._read_result(session, res, problems, talon_cards) if res else None

        if declarer is None or level is None or game_contra is None:
            return None
        if level != "solo" and step is None:
            return None
        return Played(
            declarer=declarer,
            opponents=opponents,
            level=level,
            step=step,
            g=game_value(level, step),
            game_contra=game_contra,
            announcements=tuple(announcements),
            talon_cards=tuple(talon_cards),
            counts=tuple(counts),
            result=result,
            irregularity=irregularity,
        )

    @staticmethod
    def _voids(session: Session, kind: str) -> bool:
        """Whether the irregularity replaces the normal settlement (spec §9, §12 #10)."""
        if kind == "wrong_discard" and session.house_rules["wrong_discard_penalty"] == "mild":
            return False
        return bool(session.house_rules["irregularity_voids_hand"])

    def _read_result(
        self, session: Session, res: Reader, problems: Problems, talon: list[str]
    ) -> Result | None:
        points = res.integer("declarer_card_points", lo=0, hi=TOTAL_CARD_POINTS)
        all_tricks = _side(res, "all_tricks_side")
        made = {f: _side(res, field) for f, field in FIGURE_SIDE_FIELDS}
        pagat_lost = None
        if session.house_rules["silent_ultimo_failure_penalty"]:
            pagat_lost = _side(res, "pagat_lost_last_trick_side")
        if points is not None and all_tricks is not None:
            if all_tricks == DECLARER and points < WIN_THRESHOLD:
                problems.add(
                    "result.all_tricks_side",
                    f"the declarer cannot take all tricks with only {points} card points",
                    f"a felvevő nem viheti el az összes ütést {points} ponttal",
                )
            if all_tricks == OPPONENTS and points >= WIN_THRESHOLD:
                problems.add(
                    "result.all_tricks_side",
                    f"the opponents cannot take all tricks when the declarer has {points} card points",
                    f"az ellenfelek nem vihetik el az összes ütést, ha a felvevőnek {points} pontja van",
                )
        for f in ("pagat_ultimo", "xxi_catch"):
            if all_tricks is not None and made[f] == _other(all_tricks):
                problems.add(
                    f"result.{f}_side",
                    f"the {made[f]} took no trick (the {all_tricks} took all 12)",
                    "ez a párt egy ütést sem vitt (a másik vitte mind a 12-t)",
                )
        if pagat_lost == DECLARER and DECLARER in (all_tricks, made["trull"]):
            # Whoever beat it (seed 004 §54, paskievics.md §13): the declarer plays alone, so
            # only an opponent beats his pagát, taking the trick and the pagát. An opponents'
            # pagát may be beaten by the declarer or by the other opponent.
            problems.add(
                "result.pagat_lost_last_trick_side",
                "an opponent beat the declarer's pagát and took it with the last trick, so the "
                + (
                    "declarer did not take all 12 tricks"
                    if all_tricks == DECLARER
                    else "trull is not his"
                ),
                "a felvevő pagátját ellenfél ütötte el, és vitte el az utolsó ütéssel, így "
                + (
                    "nem a felvevőé mind a 12 ütés"
                    if all_tricks == DECLARER
                    else "nem a felvevőé a tulétroá"
                ),
            )
        if made["trull"] is not None:
            for f in ("pagat_ultimo", "xxi_catch"):
                if made[f] is not None and made[f] != made["trull"]:
                    problems.add(
                        "result.trull_side",
                        f"the {made[f]} captured the {'pagát' if f == 'pagat_ultimo' else 'XXI'}, "
                        "so the other side cannot hold all three honours",
                        "a másik párt vitte el ezt a honőrt, így nem lehet meg a tulétroá",
                    )
        if pagat_lost is not None and made["pagat_ultimo"] is not None:
            problems.add(
                "result.pagat_lost_last_trick_side",
                "there is only one pagát: it cannot both win and lose the last trick",
                "csak egy pagát van: nem nyerheti és vesztheti is az utolsó ütést",
            )
        # Talon cards left to the opponents never count for the declarer (spec §7 #6).
        if made["trull"] == DECLARER and any(h in talon for h in HONOURS):
            problems.add(
                "result.trull_side",
                "an honour lies in the opponents' talon part: the declarer has no trull",
                "egy honőr az ellenfeleké lett talonban fekszik: a felvevőnek nincs tulétroája",
            )
        if made["four_kings"] == DECLARER and "king" in talon:
            problems.add(
                "result.four_kings_side",
                "a king lies in the opponents' talon part: the declarer has no four kings",
                "egy király az ellenfeleké lett talonban fekszik: a felvevőnek nincs négy királya",
            )
        if made["xxi_catch"] is not None and "xxi" in talon:
            problems.add(
                "result.xxi_catch_side",
                "the XXI lies in the talon and cannot be caught",
                "a XXI a talonban fekszik, nem lehet megfogni",
            )
        for f, field in (
            ("pagat_ultimo", "result.pagat_ultimo_side"),
            ("pagat_lost", "result.pagat_lost_last_trick_side"),
        ):
            side = made.get(f) if f != "pagat_lost" else pagat_lost
            if side is not None and "pagat" in talon:
                problems.add(
                    field,
                    "the pagát lies in the talon and was not played",
                    "a pagát a talonban fekszik, nem játszották ki",
                )
        if points is None:
            return None
        return Result(points, all_tricks, made, pagat_lost)

    # -- scoring --------------------------------------------------------------------------

    def play(
        self, session: Session, state: MagyarState, hand: Mapping[str, Any], number: int
    ) -> tuple[MagyarState, list[Entry]]:
        problems = Problems()
        r = Reader(hand, problems)
        players = session.players
        r.integer("hand_no", lo=1, optional=True)
        dealer = r.player("dealer", players)
        outcome = r.choice("outcome", OUTCOMES)
        played: Played | None = None
        if outcome == "played":
            declarer = r.player("declarer", players)
            played = self._read_played(session, r, problems, declarer)
        elif outcome is not None:
            for name in ("declarer", "level", "talon_step", "result", "irregularity"):
                if r.has(name):
                    problems.add(
                        name,
                        f"must be null unless the outcome is played (not {outcome})",
                        f"üresnek kell lennie, ha nem volt játék ({outcome})",
                    )
            for name in ("announcements", "tarokk_counts", "talon_figure_cards"):
                if r.raw(name):
                    problems.add(
                        name,
                        f"must be empty unless the outcome is played (not {outcome})",
                        f"üresnek kell lennie, ha nem volt játék ({outcome})",
                    )
            if r.integer("game_contra", lo=0, optional=True) not in (None, 0):
                problems.add(
                    "game_contra",
                    "no contra without a game",
                    "játék nélkül nincs kontra",
                )
        problems.raise_if_any()
        assert dealer is not None
        assert outcome is not None

        index = players.index(dealer)
        next_dealer = players[(index + 1) % len(players)]
        kassza = bool(session.house_rules["ultimo_kassza"])
        if played is None:
            return self._no_game(session, state, outcome, dealer, next_dealer, number, kassza)

        lines: list[Line] = []
        pot = state.pot
        lines.append(_g_line(played.level, played.step, played.g))
        irr = played.irregularity
        voided = irr is not None and self._voids(session, irr[0])
        s_value: int | None = None
        if not voided:
            assert played.result is not None
            items, s_value = self._items(session, played, played.result)
            lines.extend(items)
            lines.append(self._settle(session, played, s_value))
            if kassza:
                pot_lines, pot = self._kassza(played, played.result, pot)
                lines.extend(pot_lines)
        if irr is not None:
            lines.extend(self._irregularity(session, played, irr, voided))
        lines.extend(self._counts(session, played))
        summary = self._summary(played, s_value)
        entry = Entry.from_lines(
            kind="hand",
            number=number,
            dealer=dealer,
            players=players,
            pot_names=self.pot_names,
            lines=lines,
            summary=summary,
        )
        return MagyarState(next_dealer=next_dealer, pot=pot), [entry]

    def _no_game(
        self,
        session: Session,
        state: MagyarState,
        outcome: str,
        dealer: str,
        next_dealer: str,
        number: int,
        kassza: bool,
    ) -> tuple[MagyarState, list[Entry]]:
        if outcome == "all_pass":
            text = Text("all pass: no game, nothing paid", "mindenki passzolt: nincs játék")
            summary = Text("all pass", "mindenki passz")
            if session.house_rules["all_pass_rule"] == "same_dealer":
                next_dealer = dealer
        else:
            text = Text("no game (abandoned by agreement)", "nincs játék (megegyezéssel)")
            if session.house_rules["no_tarokk_throw_in"]:
                text = Text(
                    "no game (abandoned or thrown in: no tarokk / the XXI alone)",
                    "nincs játék (bedobva: nincs tarokk / csak a XXI)",
                )
            summary = Text("no game", "nincs játék")
        lines = [Line(text)]
        pot = state.pot
        if kassza:
            n = len(session.players)
            total = KASSZA_NO_GAME * n
            lines.append(
                Line(
                    Text(
                        f"ultimókassza: {KASSZA_NO_GAME} from each player ({n} × {KASSZA_NO_GAME} = {total})",
                        f"ultimókassza: mindenki {KASSZA_NO_GAME}-öt fizet be ({n} × {KASSZA_NO_GAME} = {total})",
                    ),
                    dict.fromkeys(session.players, -KASSZA_NO_GAME),
                    {POT: total},
                )
            )
            pot += total
        entry = Entry.from_lines(
            kind="hand",
            number=number,
            dealer=dealer,
            players=session.players,
            pot_names=self.pot_names,
            lines=lines,
            summary=summary,
        )
        return MagyarState(next_dealer=next_dealer, pot=pot), [entry]

    def _items(self, session: Session, p: Played, res: Result) -> tuple[list[Line], int]:
        """Spec §6 steps 1–2: the item lines (explanations) and the signed hand value S."""
        lines: list[Line] = []
        total = 0

        def add(text: tuple[str, str], winner: str, value: int) -> None:
            nonlocal total
            line, signed = _item_line(text[0], text[1], winner, value)
            total += signed
            lines.append(line)

        g = p.g
        decl_points = res.points
        side_points = {DECLARER: decl_points, OPPONENTS: TOTAL_CARD_POINTS - decl_points}
        ann = {(a.figure, a.side): a for a in p.announcements}
        volat = double = None
        if p.announcements:  # most hands announce nothing
            tier = [a for a in p.announcements if a.figure in GAME_TIER]
            volat = next((a for a in tier if a.figure == "volat"), None)
            double = next((a for a in tier if a.figure == "double_game"), None)
        double_on = bool(session.house_rules["double_game"])
        if volat is not None:
            m = contra_multiplier(volat.contra)
            value = 6 * g * m
            won = res.all_tricks == volat.side
            winner = volat.side if won else _other(volat.side)
            add(
                (
                    f"{_contra_word(volat.contra)}volát announced by {volat.by}: 6 × {g}"
                    + (f" × {m}" if m > 1 else "")
                    + f" = {value}, {'made' if won else 'failed'} (no game fee with a volát)",
                    f"{_contra_word(volat.contra)}volát ({volat.by} mondta be): 6 × {g}"
                    + (f" × {m}" if m > 1 else "")
                    + f" = {value}, {'sikerült' if won else 'elbukott'} (volátnál a játékot nem fizetik)",
                ),
                winner,
                value,
            )
        elif double is not None:
            m = contra_multiplier(double.contra)
            value = 4 * g * m
            won = side_points[double.side] >= DOUBLE_GAME_THRESHOLD
            winner = double.side if won else _other(double.side)
            add(
                (
                    f"{_contra_word(double.contra)}double game announced by {double.by}: 4 × {g}"
                    + (f" × {m}" if m > 1 else "")
                    + f" = {value}, {'made' if won else 'failed'}",
                    f"{_contra_word(double.contra)}duplajáték ({double.by} mondta be): 4 × {g}"
                    + (f" × {m}" if m > 1 else "")
                    + f" = {value}, {'sikerült' if won else 'elbukott'}",
                ),
                winner,
                value,
            )
        else:
            text, winner, value = _game_item(
                g,
                p.game_contra,
                decl_points,
                res.all_tricks,
                double_on,
                session.house_rules["game_tier_rule"] == "announced_else_replace",
            )
            add(text, winner, value)

        # Figures (§6 step 1, §7 #3–#6)
        voided: tuple[str, ...] = ("trull", "four_kings")
        if session.house_rules["volat_voids_silent"] == "all_silent":
            voided = ("trull", "four_kings", "pagat_ultimo", "xxi_catch")
        talon_counts = bool(session.house_rules["talon_counts_for_figures"])
        announced_figures = {a.figure for a in p.announcements} if p.announcements else ()
        for figure, (silent, announced, name) in FIGURES.items():
            made = res.made[figure]
            if made is None and figure not in announced_figures:
                continue  # nothing to pay (the common case)
            if (
                made == OPPONENTS
                and not talon_counts
                and (
                    (figure == "trull" and any(h in p.talon_cards for h in HONOURS))
                    or (figure == "four_kings" and "king" in p.talon_cards)
                )
            ):
                made = None
                lines.append(
                    Line(
                        Text(
                            f"{name.en} of the opponents needs a talon card: not counted",
                            f"{name.hu} az ellenfeleknél csak talonlappal lenne meg: nem számít",
                        )
                    )
                )
            for side in SIDES:
                a = ann.get((figure, side))
                if a is None and made != side:
                    continue
                side_en, side_hu = SIDE_NAMES[side]
                if a is not None:
                    m = contra_multiplier(a.contra)
                    value = announced * m
                    won = made == side
                    add(
                        _announced_figure_text(figure, a.contra, a.by, won),
                        side if won else _other(side),
                        value,
                    )
                elif made == side:
                    if res.all_tricks is not None and figure in voided:
                        lines.append(
                            Line(
                                Text(
                                    f"silent {name.en} ({side_en}): not paid with a volát",
                                    f"csendes {name.hu} ({side_hu}): volátnál nem jár",
                                )
                            )
                        )
                        continue
                    add(_silent_figure_text(figure, side), side, silent)
        if res.pagat_lost is not None and ("pagat_ultimo", res.pagat_lost) not in ann:
            side = res.pagat_lost
            add(
                (
                    f"pagát of the {side} beaten in the last trick: {SILENT_ULTIMO_FAILURE}",
                    f"{'a felvevő' if side == DECLARER else 'az ellenfelek'} pagátját elütötték az "
                    f"utolsó ütésben: {SILENT_ULTIMO_FAILURE}",
                ),
                _other(side),
                SILENT_ULTIMO_FAILURE,
            )
        return lines, total

    def _settle(self, session: Session, p: Played, s: int) -> Line:
        """Spec §6 step 3: each opponent pays S (or half of it), or the mild wrong discard."""
        decl = p.declarer
        if (
            p.irregularity is not None
            and p.irregularity[0] == "wrong_discard"
            and session.house_rules["wrong_discard_penalty"] == "mild"
            and s > 0
        ):
            return Line(
                Text(
                    f"S = {_signed(s)}, but {decl} discarded wrongly (mild): he receives nothing",
                    f"S = {_signed(s)}, de {decl} hibásan skartolt (enyhe): nem kap semmit",
                )
            )
        if s == 0:
            return Line(Text("S = 0: nobody pays", "S = 0: senki sem fizet"))
        text, amount = _settle_text(decl, s, bool(session.house_rules["tariff_per_opponent"]))
        deltas: dict[str, Amount] = {decl: 2 * amount}
        for opponent in p.opponents:
            deltas[opponent] = -amount
        return Line(text, deltas)

    def _kassza(self, p: Played, res: Result, pot: int) -> tuple[list[Line], int]:
        """paskievics.md §8: an announced ultimó takes the pot or doubles it."""
        lines: list[Line] = []
        if not any(x.figure == "pagat_ultimo" for x in p.announcements):
            return lines, pot  # the usual hand: no ultimó announced
        for side in SIDES:
            a = next(
                (x for x in p.announcements if x.figure == "pagat_ultimo" and x.side == side),
                None,
            )
            if a is None:
                continue
            members = (p.declarer,) if side == DECLARER else p.opponents
            if res.made["pagat_ultimo"] == side:
                if pot <= 0:
                    lines.append(
                        Line(Text("ultimókassza is empty: nothing to take", "az ultimókassza üres"))
                    )
                    continue
                line, pot = pots.ultimo_made(POT, pot, members)
                lines.append(line)
            else:
                if pot <= 0:
                    lines.append(Line(pots.NOTHING_TO_DOUBLE))
                    continue
                # The announcer pays the odd unit, so that the pot exactly doubles.
                move = pots.double(pot, members, a.by)
                share, rest = move.share, move.rest
                names, names_hu = " and ".join(members), " és ".join(members)
                en = f"announced ultimó failed: {names} double the ultimókassza, {pot}"
                hu = f"bemondott ultimó elbukott: {names_hu} duplázza az ultimókasszát, {pot}"
                if len(members) > 1:
                    en += f" ÷ 2 = {share} each" + (f", {a.by} pays the odd {rest}" if rest else "")
                    hu += f" ÷ 2 = {share} fejenként" + (
                        f", a maradékot ({rest}) {a.by} fizeti" if rest else ""
                    )
                lines.append(move.line(POT, Text(en, hu)))
                pot += move.change
        return lines, pot

    def _irregularity(
        self, session: Session, p: Played, irr: tuple[str, str], voided: bool
    ) -> list[Line]:
        kind, seat = irr
        if kind == "wrong_discard" and session.house_rules["wrong_discard_penalty"] == "mild":
            return []  # handled in the settlement line
        g = p.g
        m = contra_multiplier(p.game_contra)
        parts_en = [f"game {g} × {m} = {g * m}" if m > 1 else f"game {g}"]
        parts_hu = [f"játék {g} × {m} = {g * m}" if m > 1 else f"játék {g}"]
        q = g * m
        for a in p.announcements:
            if a.figure == "volat":
                base, name = 6 * g, VOLAT
            elif a.figure == "double_game":
                base, name = 4 * g, DOUBLE_GAME
            else:
                base, name = FIGURES[a.figure][1], FIGURES[a.figure][2]
            am = contra_multiplier(a.contra)
            q += base * am
            parts_en.append(
                f"{name.en} {base} × {am} = {base * am}" if am > 1 else f"{name.en} {base}"
            )
            parts_hu.append(
                f"{name.hu} {base} × {am} = {base * am}" if am > 1 else f"{name.hu} {base}"
            )
        # "a + b = total", or just the one part when nothing else was announced
        sum_en = " + ".join(parts_en) + (f" = {q}" if len(parts_en) > 1 else "")
        sum_hu = " + ".join(parts_hu) + (f" = {q}" if len(parts_hu) > 1 else "")
        what_en = "revoke (renonsz)" if kind == "renonsz" else "wrong discard"
        what_hu = "renonsz" if kind == "renonsz" else "hibás skart"
        others = [x for x in session.players if x != seat]
        void_en = "; the normal settlement is void" if voided else ", on top of the settlement"
        void_hu = "; a rendes elszámolás elmarad" if voided else ", az elszámoláson felül"
        return [
            Line(
                Text(
                    f"{what_en} by {seat}: Q = {sum_en}; {seat} pays {q} to "
                    f"each other player (2 × {q} = {2 * q}){void_en}",
                    f"{what_hu} ({seat}): Q = {sum_hu}; {seat} a másik két "
                    f"játékosnak fizet {q}-{q} (2 × {q} = {2 * q}){void_hu}",
                ),
                {seat: -q * len(others)} | dict.fromkeys(others, q),
            )
        ]

    def _counts(self, session: Session, p: Played) -> list[Line]:
        bonus = session.house_rules["tarokk_count_bonus"]
        if bonus is None:
            return []
        lines: list[Line] = []
        need, value = bonus["min_tarokks"], bonus["value"]
        for seat, count in p.counts:
            if count < need:
                lines.append(
                    Line(
                        Text(
                            f"{seat} announced {count} tarokks: fewer than {need}, no bonus",
                            f"{seat} {count} tarokkot mondott: kevesebb, mint {need}, nem jár díj",
                        )
                    )
                )
                continue
            lines.append(
                Line(
                    Text(
                        f"{seat} announced {count} tarokks: {value} from each other player "
                        f"(2 × {value} = {2 * value})",
                        f"{seat} {count} tarokkot mondott be: mindenki más fizet neki {value}-{value} "
                        f"(2 × {value} = {2 * value})",
                    ),
                    each_pays(session.players, seat, value),
                )
            )
        return lines

    def _summary(self, p: Played, s: int | None) -> Text:
        name = _game_name(p.level, p.step)
        contra = _contra_word(p.game_contra)
        head_en = f"{p.declarer}: {contra}{name.en} (G = {p.g})"
        head_hu = f"{p.declarer}: {contra}{name.hu} (G = {p.g})"
        if s is None:
            assert p.irregularity is not None
            kind, seat = p.irregularity
            what = "renonsz" if kind == "renonsz" else "wrong discard"
            what_hu = "renonsz" if kind == "renonsz" else "hibás skart"
            return Text(f"{head_en}, {what} by {seat}", f"{head_hu}, {what_hu}: {seat}")
        return Text(f"{head_en}, S = {_signed(s)}", f"{head_hu}, S = {_signed(s)}")


VARIANT = Magyar()
