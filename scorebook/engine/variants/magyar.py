"""Magyar tarokk: three players, the declarer alone against two (spec `rules/magyar.md`).

The game value `G` grows with every talon group the declarer turns up before keeping one
(seed 004 §65); figures and contras follow the Paskievics rules Tolnai refers to.

A hand is read in three steps: `read` (the record into a `Hand`, one reader per record
section), the `_check_*` rules (cross-field, each problem naming its field), then `score`
(the item lines of §6, the settlement, the ultimókassza).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from types import MappingProxyType
from typing import Any, NamedTuple

from scorebook.engine import pots
from scorebook.engine.errors import Problems
from scorebook.engine.payments import contra_multiplier, each_pays, split
from scorebook.engine.record import Reader
from scorebook.engine.shape import INT, PLAYER, TEXT, TEXTS, fields, rows
from scorebook.engine.types import Amount, EndOfSession, Entry, HouseRule, Line, Session, Text
from scorebook.engine.variants._hungarian import (
    DECLARER,
    GAME,
    OPPONENTS,
    POT,
    SIDES,
    PotGame,
    PotState,
    check_no_game,
    contra_word,
    kassza_fee,
    next_dealer,
    other,
    penalty_sum,
    signed,
    split_at_end,
    ultimo_failed,
)
from scorebook.engine.variants._tarokk_count import (
    bonus_step_problem,
    is_bonus_step,
    read_tarokk_counts,
)

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
        if not is_bonus_step(value):
            return f'{value!r} is not null or {{"min_tarokks": n, "value": v}}'
        return bonus_step_problem(value)


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


# --- the typed hand ---------------------------------------------------------------------

# Immutable NamedTuples: the cheapest immutable record to build (a replay reads thousands).


class Announcement(NamedTuple):
    figure: str
    by: str
    side: str
    contra: int


class Result(NamedTuple):
    points: int
    all_tricks: str | None
    made: dict[str, str | None]  # figure -> side
    pagat_lost: str | None


class Played(NamedTuple):
    declarer: str
    opponents: tuple[str, ...]
    level: str
    step: int | None
    g: int
    game_contra: int
    announcements: tuple[Announcement, ...]
    talon_cards: tuple[str, ...]
    counts: tuple[tuple[str, int], ...]
    result: Result | None  # None when an irregularity voids the settlement
    irregularity: tuple[str, str] | None  # (kind, seat)


class Hand(NamedTuple):
    dealer: str
    outcome: str
    played: Played | None  # None without a game (all pass, no game)


ANNOUNCEABLE = ("volat", "trull", "four_kings", "pagat_ultimo", "xxi_catch")
ANNOUNCEABLE_WITH_DOUBLE = ("volat", "double_game", *ANNOUNCEABLE[1:])
# Each figure and its result field, e.g. ("trull", "trull_side").
FIGURE_SIDE_FIELDS = tuple((f, f"{f}_side") for f in FIGURES)
NO_GAME_NULLS = ("declarer", "level", "talon_step", "result", "irregularity")
NO_GAME_EMPTIES = ("announcements", "tarokk_counts", "talon_figure_cards")


def game_value(level: str, step: int | None) -> int:
    if level == "solo" or step is None:
        return SOLO_VALUE
    unit, offset = STEP_VALUE[level]
    return unit * step + offset


def voids(session: Session, kind: str) -> bool:
    """Whether the irregularity replaces the normal settlement (spec §9, §12 #10)."""
    if kind == "wrong_discard" and session.house_rules["wrong_discard_penalty"] == "mild":
        return False
    return bool(session.house_rules["irregularity_voids_hand"])


# --- read: the record into a Hand, one reader per section --------------------------------


def read(session: Session, record: Mapping[str, Any]) -> Hand:
    """The hand record (spec §13) as a `Hand`; raises InvalidHand naming every problem."""
    problems = Problems()
    r = Reader(record, problems)
    r.integer("hand_no", lo=1, optional=True)
    dealer = r.player("dealer", session.players)
    outcome = r.choice("outcome", OUTCOMES)
    played: Played | None = None
    if outcome == "played":
        played = _read_played(session, r)
    elif outcome is not None:
        why = f"unless the outcome is played (not {outcome})"
        why_hu = f"üresnek kell lennie, ha nem volt játék ({outcome})"
        check_no_game(r, NO_GAME_NULLS, NO_GAME_EMPTIES, why, why_hu)
    problems.raise_if_any()
    assert dealer is not None
    assert outcome is not None
    return Hand(dealer, outcome, played)


def _read_played(session: Session, r: Reader) -> Played | None:
    """A played hand's sections, each read then checked; None after a problem."""
    players, rules = session.players, session.house_rules
    declarer = r.player("declarer", players)
    level, step = _read_level(r, rules)
    game_contra = r.integer("game_contra", lo=0, hi=rules["max_contra_level"])
    talon_cards = _read_talon_cards(r, level)
    announcements = _read_announcements(r, rules, players, declarer)
    counts = read_tarokk_counts(
        r, "tarokk_counts", "seat", players, scored=rules["tarokk_count_bonus"] is not None
    )
    irregularity = _read_irregularity(r, players, declarer, level)
    res = r.obj("result", optional=irregularity is not None and voids(session, irregularity[0]))
    result = _read_result(session, res, talon_cards, irregularity) if res else None
    if declarer is None or level is None or game_contra is None:
        return None
    if level != "solo" and step is None:
        return None
    return Played(
        declarer=declarer,
        opponents=tuple([p for p in players if p != declarer]),
        level=level,
        step=step,
        g=game_value(level, step),
        game_contra=game_contra,
        announcements=announcements,
        talon_cards=talon_cards,
        counts=tuple(counts),
        result=result,
        irregularity=irregularity,
    )


def _read_level(r: Reader, rules: Mapping[str, Any]) -> tuple[str | None, int | None]:
    """The level and its talon step (seed 004 §65); szóló has none."""
    level = r.choice("level", LEVELS)
    if level == "solo":
        if r.has("talon_step"):
            r.problems.add(
                "talon_step",
                "must be null in szóló (no talon card is taken)",
                "szólóban üresnek kell lennie (nincs talonlap)",
            )
        return level, None
    if level is None:
        return None, None
    hi = SOURCE_MAX_STEP[level] if rules["max_talon_step"] == "source" else None
    return level, r.integer("talon_step", lo=1, hi=hi)


def _read_talon_cards(r: Reader, level: str | None) -> tuple[str, ...]:
    """The figure cards among the talon cards left to the opponents (spec §7 #6)."""
    raw = r.raw("talon_figure_cards")
    if raw is None:
        return ()
    if not isinstance(raw, list):
        r.problems.add("talon_figure_cards", "must be a list", "listának kell lennie")
        return ()
    cards: list[str] = []
    for i, card in enumerate(raw):
        if not isinstance(card, str) or card not in TALON_FIGURE_CARDS:
            r.problems.add(
                f"talon_figure_cards[{i}]",
                f"{card!r} is not one of skiz, xxi, pagat, king",
                f"{card!r} nem lehet (skiz, xxi, pagat, king)",
            )
        elif cards.count(card) >= TALON_FIGURE_CARDS[card]:
            r.problems.add(
                f"talon_figure_cards[{i}]",
                f"there are only {TALON_FIGURE_CARDS[card]} × {card} in the pack",
                f"a pakliban csak {TALON_FIGURE_CARDS[card]} {card} van",
            )
        else:
            cards.append(card)
    if level is not None:
        _check_talon_left(r.problems, level, len(raw))
    return tuple(cards)


def _read_announcements(
    r: Reader, rules: Mapping[str, Any], players: tuple[str, ...], declarer: str | None
) -> tuple[Announcement, ...]:
    """The announcements, each checked against the ones before it."""
    figures = ANNOUNCEABLE_WITH_DOUBLE if rules["double_game"] else ANNOUNCEABLE
    maxc = rules["max_contra_level"]
    announcements: list[Announcement] = []
    for i, item in enumerate(r.items("announcements")):
        figure = item.choice("figure", figures)
        by = item.player("by", players)
        contra = item.integer("contra", lo=0, hi=maxc, default=0)
        if figure is None or by is None or contra is None or declarer is None:
            continue
        a = Announcement(figure, by, DECLARER if by == declarer else OPPONENTS, contra)
        if _check_announcement(r.problems, i, a, announcements):
            announcements.append(a)
    return tuple(announcements)


def _read_irregularity(
    r: Reader, players: tuple[str, ...], declarer: str | None, level: str | None
) -> tuple[str, str] | None:
    irr = r.obj("irregularity", optional=True)
    if irr is None:
        return None
    kind = irr.choice("kind", ("renonsz", "wrong_discard"))
    seat = irr.player("seat", players)
    if kind == "wrong_discard" and seat is not None and declarer is not None:
        _check_wrong_discard(r.problems, seat, declarer, level)
    if kind is None or seat is None:
        return None
    return kind, seat


def _read_result(
    session: Session,
    res: Reader,
    talon: tuple[str, ...],
    irregularity: tuple[str, str] | None,
) -> Result | None:
    points = res.integer("declarer_card_points", lo=0, hi=TOTAL_CARD_POINTS)
    all_tricks = res.choice("all_tricks_side", SIDES, optional=True)
    made = {f: res.choice(field, SIDES, optional=True) for f, field in FIGURE_SIDE_FIELDS}
    pagat_lost = None
    if session.house_rules["silent_ultimo_failure_penalty"]:
        pagat_lost = res.choice("pagat_lost_last_trick_side", SIDES, optional=True)
    problems = res.problems
    _check_all_tricks(problems, points, all_tricks, made, pagat_lost)
    _check_pagat_beaten(problems, all_tricks, made, pagat_lost)
    if all_tricks == OPPONENTS and (irregularity is None or irregularity[0] != "wrong_discard"):
        _check_declarer_took_no_trick(problems, made)
    _check_honours(problems, made, pagat_lost)
    _check_talon_figures(problems, talon, made, pagat_lost)
    if points is None:
        return None
    return Result(points, all_tricks, made, pagat_lost)


# --- check: the cross-field rules, each problem naming its field -------------------------


def _check_talon_left(problems: Problems, level: str, given: int) -> None:
    """Only the talon cards the declarer did not keep go to the opponents (seed 004 §65)."""
    left = TALON_SIZE - KEPT[level]
    if given > left:
        problems.add(
            "talon_figure_cards",
            f"only {left} talon cards are left to the opponents in {level}",
            f"{LEVEL_NAMES[level].hu} játékban csak {left} talonlap marad az ellenfeleknek",
        )


def _check_announcement(
    problems: Problems, i: int, a: Announcement, before: list[Announcement]
) -> bool:
    """Each side announces a figure once; volát and double game by one side only."""
    if any(b.figure == a.figure and b.side == a.side for b in before):
        problems.add(
            f"announcements[{i}].figure",
            f"{a.figure} is already announced by the {a.side}",
            f"ezt a figurát ({a.figure}) ez a párt már bemondta",
        )
        return False
    if a.figure in GAME_TIER and any(b.figure in GAME_TIER and b.side != a.side for b in before):
        problems.add(
            f"announcements[{i}].by",
            "volát and double game may be announced by one side only",
            "volátot és duplajátékot csak az egyik párt mondhat be",
        )
        return False
    return True


def _check_wrong_discard(problems: Problems, seat: str, declarer: str, level: str | None) -> None:
    if seat != declarer:
        problems.add(
            "irregularity.seat",
            "only the declarer discards, so only he can discard wrongly",
            "csak a felvevő skartol, így csak ő skartolhat hibásan",
        )
    elif level == "solo":
        problems.add("irregularity.kind", "there is no discard in szóló", "szólóban nincs skart")


def _check_all_tricks(
    problems: Problems,
    points: int | None,
    all_tricks: str | None,
    made: dict[str, str | None],
    pagat_lost: str | None,
) -> None:
    """A side that took every trick has the card points, and the other side took none."""
    if all_tricks is None:
        return
    if points is not None and all_tricks == DECLARER and points < WIN_THRESHOLD:
        problems.add(
            "result.all_tricks_side",
            f"the declarer cannot take all tricks with only {points} card points",
            f"a felvevő nem viheti el az összes ütést {points} ponttal",
        )
    if points is not None and all_tricks == OPPONENTS and points >= WIN_THRESHOLD:
        problems.add(
            "result.all_tricks_side",
            f"the opponents cannot take all tricks when the declarer has {points} card points",
            f"az ellenfelek nem vihetik el az összes ütést, ha a felvevőnek {points} pontja van",
        )
    for f in ("pagat_ultimo", "xxi_catch"):
        if made[f] == other(all_tricks):
            problems.add(
                f"result.{f}_side",
                f"the {made[f]} took no trick (the {all_tricks} took all 12)",
                "ez a párt egy ütést sem vitt (a másik vitte mind a 12-t)",
            )


def _check_pagat_beaten(
    problems: Problems, all_tricks: str | None, made: dict[str, str | None], pagat_lost: str | None
) -> None:
    if pagat_lost == DECLARER and DECLARER in (all_tricks, made["trull"]):
        # The declarer plays alone: whoever beats his pagát in the last trick is an opponent,
        # who takes the trick and the pagát. An opponent's pagát may be beaten by the
        # declarer or by its own partner's tarokk, so it fits either side taking every trick.
        problems.add(
            "result.pagat_lost_last_trick_side",
            "an opponent beat the declarer's pagát and took it with the last trick, so the "
            + (
                "declarer did not take all 12 tricks"
                if all_tricks == DECLARER
                else "trull is not his"
            ),
            "a felvevő pagátját ellenfél ütötte el, és vitte el az utolsó ütéssel, így "
            + ("nem a felvevőé mind a 12 ütés" if all_tricks == DECLARER else "nem övé a tuli"),
        )


def _check_declarer_took_no_trick(problems: Problems, made: dict[str, str | None]) -> None:
    """Without a trick the declarer captured only his discard, which holds no king or honour
    (spec §3; a recorded wrong discard may)."""
    for f, what_en, what_hu in (
        ("trull", "all three honours", "a tulétroá"),
        ("four_kings", "the four kings", "a négy király"),
    ):
        if made[f] == DECLARER:
            problems.add(
                f"result.{f}_side",
                f"the opponents took all 12 tricks: the declarer captured only his discard, "
                f"where kings and honours may not be, so not {what_en}",
                f"az ellenfelek vitték mind a 12 ütést: a felvevőnek csak a skartja maradt, "
                f"abban nem lehet király vagy honőr, így {what_hu} sem",
            )


def _check_honours(problems: Problems, made: dict[str, str | None], pagat_lost: str | None) -> None:
    """A captured honour is not in the other side's trull; one pagát wins or loses."""
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


def _check_talon_figures(
    problems: Problems, talon: tuple[str, ...], made: dict[str, str | None], pagat_lost: str | None
) -> None:
    """Talon cards left to the opponents never count for the declarer, and are not played
    (spec §7 #6)."""
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
    if "pagat" not in talon:
        return
    for field, side in (
        ("result.pagat_ultimo_side", made["pagat_ultimo"]),
        ("result.pagat_lost_last_trick_side", pagat_lost),
    ):
        if side is not None:
            problems.add(
                field,
                "the pagát lies in the talon and was not played",
                "a pagát a talonban fekszik, nem játszották ki",
            )


# --- score: the tariff lines and payments -----------------------------------------------


@lru_cache(maxsize=4096)
def _item_line(en: str, hu: str, winner: str, value: int) -> tuple[Line, int]:
    """An item of §6 steps 1–2 as its breakdown line, and the signed value it adds to S."""
    s = value if winner == DECLARER else -value
    tail = f" → {signed(s)}"
    return Line(Text(en + tail, hu + tail), EMPTY, EMPTY), s


class _Items:
    """The item lines of §6 steps 1–2 (explanations) and their signed sum S."""

    def __init__(self) -> None:
        self.lines: list[Line] = []
        self.total = 0

    def add(self, text: tuple[str, str], winner: str, value: int) -> None:
        line, s = _item_line(text[0], text[1], winner, value)
        self.total += s
        self.lines.append(line)

    def note(self, en: str, hu: str) -> None:
        self.lines.append(Line(Text(en, hu)))


def _silent_options(
    g: int, winner: str, side_points: int, all_tricks: str | None, double_on: bool
) -> list[tuple[int, Text]]:
    """The winner's silent volát (3G) and silent double game (2G), where made."""
    who_en = "the declarer" if winner == DECLARER else "the opponents"
    who_hu = "a felvevő" if winner == DECLARER else "az ellenfelek"
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
    return options


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
    who_hu = "a felvevő" if winner == DECLARER else "az ellenfelek"
    arith = f"{g} × {m} = {game}" if m > 1 else f"{game}"
    text = Text(
        f"{contra_word(contra)}game, won by {'the declarer' if winner == DECLARER else 'the opponents'} ({decl_points} card points): {arith}",
        f"{contra_word(contra)}játék, {who_hu} {'nyert' if winner == DECLARER else 'nyertek'} ({decl_points} pont): {arith}",
    )
    options = _silent_options(g, winner, side_points, all_tricks, double_on)
    if replace:
        # Silent volát, else silent double game, else the game (seed 004 §53 literal).
        if not options:
            return text, winner, game
        value, text = options[0]
        return Text(f"{text.en} (replaces the game)", f"{text.hu} (a játék helyett)"), winner, value
    value = game
    for option_value, option_text in options:
        if option_value > value:
            value = option_value
            text = Text(
                f"{option_text.en} (more than the game {game})",
                f"{option_text.hu} (több, mint a játék: {game})",
            )
    return text, winner, value


def _tier_text(name: Text, factor: int, a: Announcement, g: int, won: bool) -> tuple[str, str]:
    """An announced volát (6G) or double game (4G), × contra, made or failed."""
    m = contra_multiplier(a.contra)
    times = f" × {m}" if m > 1 else ""
    head = f"{factor} × {g}{times} = {factor * g * m}"
    en = f"{contra_word(a.contra)}{name.en} announced by {a.by}: {head}, {'made' if won else 'failed'}"
    hu = f"{contra_word(a.contra)}{name.hu} ({a.by} mondta be): {head}, {'sikerült' if won else 'elbukott'}"
    if name is VOLAT:
        en += " (no game fee with a volát)"
        hu += " (volátnál a játékot nem fizetik)"
    return en, hu


def _tier_item(session: Session, p: Played, res: Result, items: _Items) -> None:
    """§6 step 2: an announced volát, else an announced double game, else the game."""
    volat = double = None
    for a in p.announcements:  # usually none
        if a.figure == "volat":
            volat = a
        elif a.figure == "double_game":
            double = a
    if volat is not None:
        won = res.all_tricks == volat.side
        value = 6 * p.g * contra_multiplier(volat.contra)
        items.add(
            _tier_text(VOLAT, 6, volat, p.g, won), volat.side if won else other(volat.side), value
        )
    elif double is not None:
        points = res.points if double.side == DECLARER else TOTAL_CARD_POINTS - res.points
        won = points >= DOUBLE_GAME_THRESHOLD
        value = 4 * p.g * contra_multiplier(double.contra)
        items.add(
            _tier_text(DOUBLE_GAME, 4, double, p.g, won),
            double.side if won else other(double.side),
            value,
        )
    else:
        rules = session.house_rules
        text, winner, value = _game_item(
            p.g,
            p.game_contra,
            res.points,
            res.all_tricks,
            bool(rules["double_game"]),
            rules["game_tier_rule"] == "announced_else_replace",
        )
        items.add((text.en, text.hu), winner, value)


@lru_cache(maxsize=1024)
def _announced_figure_text(figure: str, contra: int, by: str, won: bool) -> tuple[str, str]:
    """An announced figure (§6 step 1): its value × contra, made or failed."""
    _, announced, name = FIGURES[figure]
    m = contra_multiplier(contra)
    value = announced * m
    arith = f"{announced} × {m} = {value}" if m > 1 else f"{value}"
    return (
        f"{contra_word(contra)}{name.en} announced by {by}: {arith}, "
        + ("made" if won else "failed"),
        f"{contra_word(contra)}{name.hu} ({by} mondta be): {arith}, "
        + ("sikerült" if won else "elbukott"),
    )


def _needs_talon(figure: str, talon: tuple[str, ...]) -> bool:
    """Whether the opponents' trull / four kings needs a talon card (spec §7 #6)."""
    if figure == "trull":
        return any(h in talon for h in HONOURS)
    return figure == "four_kings" and "king" in talon


def _figure_items(session: Session, p: Played, res: Result, items: _Items) -> None:
    """§6 step 1, §7 #3–#6: each figure, announced (× contra) or silent, for either side."""
    rules = session.house_rules
    voided: tuple[str, ...] = ("trull", "four_kings")
    if rules["volat_voids_silent"] == "all_silent":
        voided = ("trull", "four_kings", "pagat_ultimo", "xxi_catch")
    announced = {(a.figure, a.side): a for a in p.announcements}
    figures = {a.figure for a in p.announcements}
    for figure, (silent, _, name) in FIGURES.items():
        made = res.made[figure]
        if made is None and figure not in figures:
            continue  # nothing to pay (the common case)
        if (
            made == OPPONENTS
            and not rules["talon_counts_for_figures"]
            and _needs_talon(figure, p.talon_cards)
        ):
            made = None
            items.note(
                f"{name.en} of the opponents needs a talon card: not counted",
                f"{name.hu} az ellenfeleknél csak talonlappal lenne meg: nem számít",
            )
        for side in SIDES:
            a = announced.get((figure, side))
            if a is not None:
                won = made == side
                value = FIGURES[figure][1] * contra_multiplier(a.contra)
                items.add(
                    _announced_figure_text(figure, a.contra, a.by, won),
                    side if won else other(side),
                    value,
                )
            elif made == side:
                side_en, side_hu = SIDE_NAMES[side]
                if res.all_tricks is not None and figure in voided:
                    items.note(
                        f"silent {name.en} ({side_en}): not paid with a volát",
                        f"csendes {name.hu} ({side_hu}): volátnál nem jár",
                    )
                    continue
                text = (
                    f"silent {name.en} ({side_en}): {silent}",
                    f"csendes {name.hu} ({side_hu}): {silent}",
                )
                items.add(text, side, silent)


def _pagat_lost_item(p: Played, res: Result, items: _Items) -> None:
    """§12 #11: a silent pagát beaten in the last trick costs its side 5."""
    side = res.pagat_lost
    if side is None or any(a.figure == "pagat_ultimo" and a.side == side for a in p.announcements):
        return
    items.add(
        (
            f"pagát of the {side} beaten in the last trick: {SILENT_ULTIMO_FAILURE}",
            f"{'a felvevő' if side == DECLARER else 'az ellenfelek'} pagátját elütötték az "
            f"utolsó ütésben: {SILENT_ULTIMO_FAILURE}",
        ),
        other(side),
        SILENT_ULTIMO_FAILURE,
    )


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
        en_arith = f"{abs(s)} split between the opponents: {abs(s)} ÷ 2 = {share} each"
        hu_arith = f"{abs(s)} a két ellenfél között: {abs(s)} ÷ 2 = {share} fejenként"
    if s > 0:
        return Text(
            f"S = {signed(s)}: {decl} receives {en_arith}",
            f"S = {signed(s)}: {decl} kap {hu_arith}",
        ), share
    return Text(
        f"S = {signed(s)}: {decl} pays {en_arith.replace('from each', 'to each')}",
        f"S = {signed(s)}: {decl} fizet {hu_arith.replace('ellenféltől', 'ellenfélnek')}",
    ), -share


def _settle(session: Session, p: Played, s: int) -> Line:
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
                f"S = {signed(s)}, but {decl} discarded wrongly (mild): he receives nothing",
                f"S = {signed(s)}, de {decl} hibásan skartolt (enyhe): nem kap semmit",
            )
        )
    if s == 0:
        return Line(Text("S = 0: nobody pays", "S = 0: senki sem fizet"))
    text, amount = _settle_text(decl, s, bool(session.house_rules["tariff_per_opponent"]))
    deltas: dict[str, Amount] = {decl: 2 * amount}
    for opponent in p.opponents:
        deltas[opponent] = -amount
    return Line(text, deltas)


def _failed_en(names: str, balance: int, k: int) -> Callable[[pots.PotMove], str]:
    """The failed ultimó's English words (the odd unit is added by `ultimo_failed`)."""

    def en(move: pots.PotMove) -> str:
        text = f"announced ultimó failed: {names} double the ultimókassza, {balance}"
        return text + (f" ÷ 2 = {move.share} each" if k > 1 else "")

    return en


def _kassza(p: Played, res: Result, pot: int) -> tuple[list[Line], int]:
    """paskievics.md §8: each side's announced ultimó takes the pot or doubles it."""
    lines: list[Line] = []
    ultimos = {a.side: a for a in p.announcements if a.figure == "pagat_ultimo"}
    for side in SIDES:
        a = ultimos.get(side)
        if a is None:
            continue
        members = (p.declarer,) if side == DECLARER else p.opponents
        if res.made["pagat_ultimo"] != side:
            en = _failed_en(" and ".join(members), pot, len(members))
            line, pot = ultimo_failed(pot, members, a.by, en)
        elif pot <= 0:
            line = Line(Text("ultimókassza is empty: nothing to take", "az ultimókassza üres"))
        else:
            line, pot = pots.ultimo_made(POT, pot, members)
        lines.append(line)
    return lines, pot


def _announced_value(a: Announcement, g: int) -> tuple[Text, int, int]:
    """An announcement's part of Q: its name, base value and contra multiplier."""
    if a.figure == "volat":
        return VOLAT, 6 * g, contra_multiplier(a.contra)
    if a.figure == "double_game":
        return DOUBLE_GAME, 4 * g, contra_multiplier(a.contra)
    return FIGURES[a.figure][2], FIGURES[a.figure][1], contra_multiplier(a.contra)


def _irregularity(session: Session, p: Played, irr: tuple[str, str], voided: bool) -> list[Line]:
    """Spec §9: the offender pays each other player Q, the game and every announcement."""
    kind, seat = irr
    if kind == "wrong_discard" and session.house_rules["wrong_discard_penalty"] == "mild":
        return []  # handled in the settlement line
    parts = [(GAME, p.g, contra_multiplier(p.game_contra))]
    parts += [_announced_value(a, p.g) for a in p.announcements]
    q_sum, q = penalty_sum(parts)
    what_en = "revoke (renonsz)" if kind == "renonsz" else "wrong discard"
    what_hu = "renonsz" if kind == "renonsz" else "hibás skart"
    others = [x for x in session.players if x != seat]
    void_en = "; the normal settlement is void" if voided else ", on top of the settlement"
    void_hu = "; a rendes elszámolás elmarad" if voided else ", az elszámoláson felül"
    text = Text(
        f"{what_en} by {seat}: Q = {q_sum.en}; {seat} pays {q} to "
        f"each other player (2 × {q} = {2 * q}){void_en}",
        f"{what_hu} ({seat}): Q = {q_sum.hu}; {seat} a másik két "
        f"játékosnak fizet {q}-{q} (2 × {q} = {2 * q}){void_hu}",
    )
    return [Line(text, {seat: -q * len(others)} | dict.fromkeys(others, q))]


def _counts(session: Session, p: Played) -> list[Line]:
    """Section 12 #5: a tarokk count of at least n is paid v by each other player."""
    bonus = session.house_rules["tarokk_count_bonus"]
    if bonus is None:
        return []
    need, value = bonus["min_tarokks"], bonus["value"]
    lines: list[Line] = []
    for seat, count in p.counts:
        if count < need:
            text = Text(
                f"{seat} announced {count} tarokks: fewer than {need}, no bonus",
                f"{seat} {count} tarokkot mondott: kevesebb, mint {need}, nem jár díj",
            )
            lines.append(Line(text))
            continue
        text = Text(
            f"{seat} announced {count} tarokks: {value} from each other player "
            f"(2 × {value} = {2 * value})",
            f"{seat} {count} tarokkot mondott be: mindenki más fizet neki {value}-{value} "
            f"(2 × {value} = {2 * value})",
        )
        lines.append(Line(text, each_pays(session.players, seat, value)))
    return lines


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


def _summary(p: Played, s: int | None) -> Text:
    name = _game_name(p.level, p.step)
    contra = contra_word(p.game_contra)
    head_en = f"{p.declarer}: {contra}{name.en} (G = {p.g})"
    head_hu = f"{p.declarer}: {contra}{name.hu} (G = {p.g})"
    if s is None:
        assert p.irregularity is not None
        kind, seat = p.irregularity
        what = "renonsz" if kind == "renonsz" else "wrong discard"
        what_hu = "renonsz" if kind == "renonsz" else "hibás skart"
        return Text(f"{head_en}, {what} by {seat}", f"{head_hu}, {what_hu}: {seat}")
    return Text(f"{head_en}, S = {signed(s)}", f"{head_hu}, S = {signed(s)}")


class Magyar(PotGame):
    key = KEY
    title = Text("Magyar tarokk", "Magyar tarokk")
    house_rules = HOUSE_RULES
    record = RECORD
    event_record = None
    no_events = Text(
        "Magyar tarokk has no session events: exactly three players play (spec §10)",
        "A magyar tarokkban nincs ülésesemény: mindig hárman játszanak (§10)",
    )

    def start(self, session: Session) -> tuple[PotState, list[Entry]]:
        pot = (session.opening_pots or {}).get(POT, 0)
        # Seat convention (spec §1): the last player deals first, so the first is first hand.
        return PotState(next_dealer=session.players[-1], pot=pot), []

    def end_of_session(self, session: Session, state: PotState) -> EndOfSession:
        if not session.house_rules["ultimo_kassza"] or state.pot <= 0:
            return EndOfSession(dict.fromkeys(session.players, 0), {POT: state.pot})
        return split_at_end(session.players, state.pot, "carried over", always=True)

    def play(
        self, session: Session, state: PotState, hand: Mapping[str, Any], number: int
    ) -> tuple[PotState, list[Entry]]:
        return self.score(session, state, read(session, hand), number)

    def score(
        self, session: Session, state: PotState, hand: Hand, number: int
    ) -> tuple[PotState, list[Entry]]:
        p = hand.played
        if p is None:
            return self._no_game(session, state, hand, number)
        lines = [_g_line(p.level, p.step, p.g)]
        pot = state.pot
        voided = p.irregularity is not None and voids(session, p.irregularity[0])
        s: int | None = None
        if not voided:
            assert p.result is not None
            items = _Items()
            _tier_item(session, p, p.result, items)
            _figure_items(session, p, p.result, items)
            _pagat_lost_item(p, p.result, items)
            s = items.total
            lines += items.lines
            lines.append(_settle(session, p, s))
            if session.house_rules["ultimo_kassza"]:
                pot_lines, pot = _kassza(p, p.result, pot)
                lines += pot_lines
        if p.irregularity is not None:
            lines += _irregularity(session, p, p.irregularity, voided)
        lines += _counts(session, p)
        entry = self.entry(session, number, hand.dealer, lines, _summary(p, s))
        return PotState(next_dealer(session.players, hand.dealer), pot), [entry]

    def _no_game(
        self, session: Session, state: PotState, hand: Hand, number: int
    ) -> tuple[PotState, list[Entry]]:
        """All pass or no game: nothing paid, but 5 each into the ultimókassza (§8)."""
        rules = session.house_rules
        following = next_dealer(session.players, hand.dealer)
        if hand.outcome == "all_pass":
            text = Text("all pass: no game, nothing paid", "mindenki passzolt: nincs játék")
            summary = Text("all pass", "mindenki passz")
            if rules["all_pass_rule"] == "same_dealer":
                following = hand.dealer
        else:
            text = Text("no game (abandoned by agreement)", "nincs játék (megegyezéssel)")
            if rules["no_tarokk_throw_in"]:
                text = Text(
                    "no game (abandoned or thrown in: no tarokk / the XXI alone)",
                    "nincs játék (bedobva: nincs tarokk / csak a XXI)",
                )
            summary = Text("no game", "nincs játék")
        lines = [Line(text)]
        pot = state.pot
        if rules["ultimo_kassza"]:
            n, k = len(session.players), KASSZA_NO_GAME
            hu = f"ultimókassza: mindenki {k}-öt fizet be ({n} × {k} = {n * k})"
            lines.append(kassza_fee(session.players, k, hu))
            pot += n * k
        entry = self.entry(session, number, hand.dealer, lines, summary)
        return PotState(following, pot), [entry]


VARIANT = Magyar()
