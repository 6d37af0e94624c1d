"""Tapper's hand record (spec §13) and its reading. `RECORD` describes the fields the
hand form offers (the bid, contras, announcements, hand bonuses, tarokk counts, the result,
an irregularity); `read` turns a record into a `Hand`, section by section, and the
`_check_*` functions hold the rules between fields (a bonus held once, the pagát's holder,
a volát's tricks), each problem naming its field.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, NamedTuple

from scorebook.engine.errors import Problems
from scorebook.engine.messages import Msg, msg, pmsg
from scorebook.engine.record import Reader
from scorebook.engine.shape import (
    BOOL,
    FIGURE_GRID,
    INT,
    PLAYER,
    PLAYERS,
    TEXT,
    Choice,
    When,
    as_grid,
    choice_grid,
    choices,
    fields,
    maybe,
    only_when,
    rows,
)
from scorebook.engine.types import Session
from scorebook.engine.variants._hungarian import (
    CONTRA,
    CONTRA_LEVELS,
    DECLARER,
    OPPONENTS,
    SIDES,
    check_no_game,
    other,
)
from scorebook.engine.variants._hungarian import (
    SIDE as HUNGARIAN_SIDE,
)
from scorebook.engine.variants._tarokk_count import TAROKKS, read_tarokk_counts
from scorebook.engine.variants.tapper.tariffs import (
    BONUSES,
    CONTRACTS,
    FIGURES,
    IRREGULARITIES,
    THRESHOLD,
    TOTAL,
)

# --- the typed hand ---------------------------------------------------------------------

# Immutable NamedTuples: the cheapest immutable record to build (a replay reads thousands).


class Announcement(NamedTuple):
    figure: str
    side: str
    by: str
    contra: int
    contra_by: tuple[str, ...]  # the opponents whose payments the contra multiplies


class Result(NamedTuple):
    points: int
    made: dict[str, str | None]  # figure -> side
    ultimo_player: str | None


class Played(NamedTuple):
    declarer: str
    opponents: tuple[str, ...]
    contract: str
    participants: tuple[str, ...]  # who took part in the bidding
    game_contra: int
    game_contra_by: tuple[str, ...]
    announcements: tuple[Announcement, ...]
    bonuses: tuple[tuple[str, str], ...]  # (holder, bonus)
    counts: tuple[tuple[str, int], ...]
    irregularity: tuple[str, str | None] | None  # (type, offender)
    result: Result | None  # None when the hand is annulled or voided

    @property
    def annulled(self) -> bool:
        return self.irregularity is not None and self.irregularity[0] == "no_tarokk_annulment"


class Hand(NamedTuple):
    dealer: str
    played: Played | None  # None when all pass


FIGURE_KEYS = tuple(FIGURES)
BONUS_KEYS = tuple(BONUSES)
NO_GAME_NULLS = ("declarer", "contract", "result", "irregularity")
NO_GAME_EMPTIES = ("bid_participants", "announcements", "hand_bonuses", "tarokk_count")

# The hand form's words for the values the reader accepts.
CONTRACT_LABELS = {
    "harmas": msg("hármas"),
    "also_harmas": msg("alsó hármas"),
    "felso_harmas": msg("felső hármas"),
    "szolo": msg("szóló"),
}
FIGURE_LABELS = {
    "pagat_ultimo": msg("pagátultimó"),
    "volat": msg("volát"),
}
BONUS_LABELS = {
    "four_kings": msg("four kings (négy király)"),
    "trull": msg("tulétroá (three honours)"),
    "heads": msg("fejek (two honours)"),
}
IRREGULARITY_LABELS = {
    "revoke": msg("revoke (renonsz)"),
    "wrong_discard": msg("wrong discard"),
    "no_tarokk_annulment": msg("annulled: no tarokk"),
}
PLAYED = When("all_pass", (False,))  # nothing but the dealer when all pass
SIDE = HUNGARIAN_SIDE.but(when=PLAYED)

# The hand record (spec §13), field by field: what `check_input` lets through to the reader,
# and each field's schema for the hand form (label, choices, range, default, and `when` it
# applies): the form takes them from here, the reader checks the same constants.
RECORD = fields(
    dealer=PLAYER.but(label=msg("Dealer")),
    all_pass=BOOL.but(
        label=msg("Outcome"),
        choices=(
            Choice(False, msg("played")),
            Choice(True, msg("all pass (passz)")),
        ),
        default=False,
    ),
    declarer=PLAYER.but(label=msg("Declarer (felvevő)"), when=PLAYED),
    contract=TEXT.but(
        label=msg("Game"),
        choices=choices(CONTRACTS, CONTRACT_LABELS),
        when=PLAYED,
    ),
    bid_participants=PLAYERS.but(
        label=pmsg("tapper field", "Bid or held at least once (with the declarer)"),
        when=PLAYED,
    ),
    game_contra=CONTRA.but(label=msg("Game contra"), default=0, when=PLAYED),
    # read only with the house rule individual_contras (`_read_contra_by`)
    game_contra_by=PLAYERS.but(
        label=pmsg("tapper field", "Game contra given by (only with individual contras)"),
        when=PLAYED,
        rule="individual_contras",
    ),
    announcements=as_grid(
        only_when(
            PLAYED,
            rows(
                figure=TEXT.but(
                    label=pmsg("tapper field", "Announced figure"),
                    choices=choices(FIGURE_KEYS, FIGURE_LABELS),
                    when=PLAYED,
                ),
                side=SIDE.but(label=pmsg("tapper field", "Announcing side"), after=".by"),
                by=PLAYER.but(label=msg("Announced by"), when=PLAYED),
                contra=CONTRA.but(label=msg("Contra"), when=PLAYED, after=".by"),
                contra_by=PLAYERS.but(
                    label=pmsg("tapper field", "Contra given by (individual contras only)"),
                    when=PLAYED,
                    after=".by",
                    rule="individual_contras",
                ),
            ),
        ),
        replace(FIGURE_GRID, made_words="own"),
    ),
    result=fields(
        # 70 with the 54-card pack, 66 with 42 cards (house rule deck_size)
        declarer_points=INT.but(
            label=pmsg("tapper field", "Declarer's card points (0–70; 0–66 with 42 cards)"),
            lo=0,
            hi=max(TOTAL.values()),
            when=PLAYED,
        ),
        figures_made=fields(
            pagat_ultimo=SIDE.but(
                label=pmsg("tapper field", "Pagátultimó made by (announced or silent)"),
                made="pagat_ultimo",
            ),
            volat=SIDE.but(
                label=pmsg("tapper field", "Volát made by (announced or silent)"), made="volat"
            ),
        ),
        pagat_ultimo_player=PLAYER.but(
            label=pmsg("tapper field", "Whose pagát won the last trick"), when=PLAYED
        ),
    ),
    hand_bonuses=as_grid(
        rows(
            player=PLAYER.but(label=msg("Player"), when=PLAYED),
            bonus=TEXT.but(
                label=pmsg("tapper field", "Held"),
                choices=choices(BONUS_KEYS, BONUS_LABELS),
                when=PLAYED,
            ),
        ),
        choice_grid("bonus"),
    ),
    # scored only with the house rule tarokk_count_bonus
    tarokk_count=rows(
        player=PLAYER.but(label=msg("Player"), when=PLAYED, rule="tarokk_count_bonus"),
        count=INT.but(
            label=msg("Tarokks"),
            lo=0,
            hi=TAROKKS,
            when=PLAYED,
            rule="tarokk_count_bonus",
        ),
    ),
    irregularity=maybe(
        type=TEXT.but(
            label=msg("Irregularity"),
            choices=choices(IRREGULARITIES, IRREGULARITY_LABELS),
            when=PLAYED,
        ),
        player=PLAYER.but(label=msg("Player"), when=PLAYED),
    ),
)


# --- read: the record into a Hand, one reader per section --------------------------------


def read(session: Session, record: Mapping[str, Any]) -> Hand:
    """The hand record (spec §13) as a `Hand`; raises InvalidHand naming every problem."""
    problems = Problems()
    r = Reader(record, problems)
    r.integer("hand_no", lo=1, optional=True)
    dealer = r.player("dealer", session.players)
    all_pass = _read_all_pass(r)
    played: Played | None = None
    if all_pass:
        null = pmsg("tapper tarokk", "must be null when all pass")
        empty = pmsg("tapper tarokk", "must be empty when all pass")
        check_no_game(r, NO_GAME_NULLS, NO_GAME_EMPTIES, null, empty)
    elif all_pass is not None:
        played = _read_played(session, r)
    problems.raise_if_any()
    assert dealer is not None
    assert all_pass or played is not None
    return Hand(dealer, played)


def _read_all_pass(r: Reader) -> bool | None:
    value = r.raw("all_pass")
    if isinstance(value, bool):
        return value
    if value is None:
        r.problems.add("all_pass", msg("is required"))
    else:
        text = msg("{value} is not true or false", value=repr(value))
        r.problems.add("all_pass", text)
    return None


def _read_played(session: Session, r: Reader) -> Played | None:
    """A played hand's sections, each read then checked; None after a problem."""
    players, rules = session.players, session.house_rules
    declarer = r.player("declarer", players)
    contract = r.choice("contract", CONTRACTS)
    opponents = tuple([p for p in players if p != declarer])
    participants = r.players("bid_participants", players)
    if declarer is not None and declarer not in participants:
        r.problems.add(
            "bid_participants",
            pmsg("tapper tarokk", "must contain the declarer {declarer}", declarer=declarer),
        )
    game_contra = r.integer("game_contra", lo=CONTRA_LEVELS[0], hi=CONTRA_LEVELS[-1], default=0)
    game_contra_by = _read_contra_by(r, "game_contra_by", rules, opponents, declarer)
    announcements = _read_announcements(r, rules, players, opponents, declarer)
    bonuses = _read_bonuses(r, players)
    counts = read_tarokk_counts(
        r, "tarokk_count", "player", players, scored=rules["tarokk_count_bonus"] is not None
    )
    irregularity = _read_irregularity(r, rules, players, declarer, contract)
    annulled = irregularity is not None and irregularity[0] == "no_tarokk_annulment"
    if annulled:
        _check_annulled(r)
    voided = annulled or (irregularity is not None and bool(rules["revoke_penalty"]))
    res = r.obj("result", optional=voided)
    result = _read_result(session, res, declarer) if res is not None else None
    if declarer is not None:
        _check_pagat_holder(r, declarer, bonuses, result)
    if declarer is None or contract is None or game_contra is None:
        return None
    return Played(
        declarer=declarer,
        opponents=opponents,
        contract=contract,
        participants=tuple(participants),
        game_contra=game_contra,
        game_contra_by=game_contra_by,
        announcements=announcements,
        bonuses=bonuses,
        counts=tuple(counts),
        irregularity=irregularity,
        result=result,
    )


def _read_contra_by(
    r: Reader,
    name: str,
    rules: Mapping[str, Any],
    opponents: tuple[str, ...],
    declarer: str | None,
) -> tuple[str, ...]:
    """The opponents a contra binds: both, unless `individual_contras` names them."""
    if not rules["individual_contras"] or r.raw(name) is None:
        return opponents
    chosen = r.players(name, opponents if declarer is not None else ())
    return tuple(o for o in opponents if o in chosen)


def _read_announcements(
    r: Reader,
    rules: Mapping[str, Any],
    players: tuple[str, ...],
    opponents: tuple[str, ...],
    declarer: str | None,
) -> tuple[Announcement, ...]:
    """The announcements, each checked against its side and the ones before it."""
    announcements: list[Announcement] = []
    for i, item in enumerate(r.items("announcements")):
        figure = item.choice("figure", FIGURE_KEYS)
        # The declarer plays alone: an announcement's side follows from its announcer.
        side = item.choice("side", SIDES, optional=declarer is not None)
        by = item.player("by", players)
        if side is None and item.raw("side") is None and by is not None and declarer is not None:
            side = DECLARER if by == declarer else OPPONENTS
            item.infer("side", side)
        contra = item.integer("contra", lo=CONTRA_LEVELS[0], hi=CONTRA_LEVELS[-1], default=0)
        contra_by = _read_contra_by(item, "contra_by", rules, opponents, declarer)
        if figure is None or side is None or by is None or contra is None or declarer is None:
            continue
        a = Announcement(figure, side, by, contra, contra_by)
        if _check_announcement(r.problems, rules, i, a, declarer, announcements):
            announcements.append(a)
    return tuple(announcements)


def _read_bonuses(r: Reader, players: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """The hand-held bonuses (§4.2), each checked against the ones before it."""
    bonuses: list[tuple[str, str]] = []
    for i, item in enumerate(r.items("hand_bonuses")):
        who = item.player("player", players)
        bonus = item.choice("bonus", BONUS_KEYS)
        if who is not None and bonus is not None and _check_bonus(r.problems, i, bonus, bonuses):
            bonuses.append((who, bonus))
    return tuple(bonuses)


def _read_irregularity(
    r: Reader,
    rules: Mapping[str, Any],
    players: tuple[str, ...],
    declarer: str | None,
    contract: str | None,
) -> tuple[str, str | None] | None:
    """The irregularity (§9) and its offender; a wrong discard is the declarer's."""
    irr = r.obj("irregularity", optional=True)
    if irr is None:
        return None
    kind = irr.choice("type", IRREGULARITIES)
    offender = irr.player("player", players, optional=True)
    _check_irregularity(irr, rules, kind, offender, declarer, contract)
    if kind == "wrong_discard":
        offender = declarer
    if kind is None:
        return None
    return kind, offender


def _read_result(
    session: Session,
    res: Reader,
    declarer: str | None,
) -> Result | None:
    points = res.integer("declarer_points", lo=0, hi=TOTAL[session.house_rules["deck_size"]])
    made: dict[str, str | None] = dict.fromkeys(FIGURES)
    figures_made = res.obj("figures_made", optional=True)
    if figures_made is not None:
        for f in FIGURES:
            made[f] = figures_made.choice(f, SIDES, optional=True)
    ultimo_player = res.player("pagat_ultimo_player", session.players, optional=True)
    _check_volat(res.problems, session, points, made)
    if declarer is not None:
        _check_ultimo_player(res.problems, session, declarer, made, ultimo_player)
    if points is None:
        return None
    return Result(points, made, ultimo_player)


# --- check: the cross-field rules, each problem naming its field -------------------------


def _check_announcement(
    problems: Problems,
    rules: Mapping[str, Any],
    i: int,
    a: Announcement,
    declarer: str,
    before: list[Announcement],
) -> bool:
    """The announcer plays on the side named; each figure once; the opponents' volát only
    under the house rule."""
    field = f"announcements[{i}]"
    if a.side != (DECLARER if a.by == declarer else OPPONENTS):
        problems.add(
            f"{field}.side", pmsg("tapper tarokk", "{by} plays on the other side", by=a.by)
        )
        return False
    if any(b.figure == a.figure for b in before):
        problems.add(
            f"{field}.figure",
            pmsg("tapper tarokk", "{figure} is already announced", figure=FIGURE_LABELS[a.figure]),
        )
        return False
    if a.figure == "volat" and a.side == OPPONENTS and not rules["volat_by_opponents"]:
        problems.add(
            f"{field}.side",
            pmsg(
                "tapper tarokk",
                "the opponents may not announce a volát (by the house rules)",
            ),
        )
        return False
    return True


def _check_bonus(problems: Problems, i: int, bonus: str, before: list[tuple[str, str]]) -> bool:
    """One holder per bonus; three honours cannot make both tulétroá and fejek."""
    if any(b == bonus for _, b in before):
        problems.add(f"hand_bonuses[{i}].bonus", _held_once(bonus))
        return False
    if {bonus, *(b for _, b in before)} >= {"trull", "heads"}:
        problems.add(
            f"hand_bonuses[{i}].bonus",
            pmsg(
                "tapper tarokk",
                "there are three honours: tulétroá and fejek cannot both be held",
            ),
        )
        return False
    return True


def _held_once(bonus: str) -> Msg:
    """A bonus named twice: one message per bonus (the record's name in English)."""
    if bonus == "four_kings":
        return pmsg("tapper tarokk", "only one player can hold four kings")
    if bonus == "trull":
        return pmsg("tapper tarokk", "only one player can hold trull")
    return pmsg("tapper tarokk", "only one player can hold heads")


def _check_irregularity(
    irr: Reader,
    rules: Mapping[str, Any],
    kind: str | None,
    offender: str | None,
    declarer: str | None,
    contract: str | None,
) -> None:
    """A revoke names its revoker; only the declarer discards, and not in szóló; an
    annulment only under the house rule."""
    problems = irr.problems
    if kind == "revoke" and offender is None and not irr.has("player"):
        problems.add("irregularity.player", pmsg("tapper tarokk", "the revoker is required"))
    if kind == "wrong_discard":
        if offender is not None and declarer is not None and offender != declarer:
            problems.add("irregularity.player", pmsg("tapper tarokk", "only the declarer discards"))
        elif contract == "szolo":
            problems.add("irregularity.type", msg("there is no discard in szóló"))
    if kind == "no_tarokk_annulment" and not rules["no_tarokk_annulment"]:
        problems.add(
            "irregularity.type",
            pmsg("tapper tarokk", "annulment is off (by the house rules)"),
        )


def _check_annulled(r: Reader) -> None:
    """An annulment comes before the announcements (§9)."""
    for name in ("announcements", "tarokk_count"):
        if r.raw(name):
            r.problems.add(
                name,
                pmsg(
                    "tapper tarokk",
                    "an annulled hand has no announcements (annulment comes before them)",
                ),
            )


def _check_pagat_holder(
    r: Reader, declarer: str, bonuses: tuple[tuple[str, str], ...], result: Result | None
) -> None:
    """The tulétroá's holder holds the pagát at the first lead (honours are never discarded,
    §3): only he may announce the pagátultimó (§4.1, T7), and only his side make it."""
    holder = next((who for who, bonus in bonuses if bonus == "trull"), None)
    if holder is None:
        return
    raw = r.raw("announcements")
    for i, item in enumerate(raw if isinstance(raw, list) else ()):
        ultimo = isinstance(item, dict) and item.get("figure") == "pagat_ultimo"
        if ultimo and item.get("by") != holder:
            r.problems.add(
                f"announcements[{i}].by",
                pmsg(
                    "tapper tarokk",
                    "{holder} holds the tulétroá, so only he holds the pagát to announce it",
                    holder=holder,
                ),
            )
    if result is None:
        return
    side = DECLARER if holder == declarer else OPPONENTS
    made = result.made["pagat_ultimo"]
    if made is not None and made != side:
        text = (
            pmsg(
                "tapper tarokk",
                "{holder} holds the tulétroá, so the pagát is on the declarer side",
                holder=holder,
            )
            if side == DECLARER
            else pmsg(
                "tapper tarokk",
                "{holder} holds the tulétroá, so the pagát is on the opponents side",
                holder=holder,
            )
        )
        r.problems.add("result.figures_made.pagat_ultimo", text)
    elif made is not None and result.ultimo_player not in (None, holder):
        r.problems.add(
            "result.pagat_ultimo_player",
            pmsg(
                "tapper tarokk", "{holder} holds the tulétroá, so the pagát is his", holder=holder
            ),
        )


def _check_volat(
    problems: Problems, session: Session, points: int | None, made: dict[str, str | None]
) -> None:
    """A volát is the winner's, and leaves the other side no trick for its pagát."""
    volat = made["volat"]
    if volat is None:
        return
    if points is not None:
        won = points >= THRESHOLD[session.house_rules["deck_size"]]
        if won != (volat == DECLARER):
            text = (
                pmsg(
                    "tapper tarokk",
                    "a volát of the declarer does not fit {points} card points",
                    points=points,
                )
                if volat == DECLARER
                else pmsg(
                    "tapper tarokk",
                    "a volát of the opponents does not fit {points} card points",
                    points=points,
                )
            )
            problems.add("result.figures_made.volat", text)
    if made["pagat_ultimo"] == other(volat):
        text = (
            pmsg("tapper tarokk", "the declarer took every trick")
            if volat == DECLARER
            else pmsg("tapper tarokk", "the opponents took every trick")
        )
        problems.add("result.figures_made.pagat_ultimo", text)


def _check_ultimo_player(
    problems: Problems,
    session: Session,
    declarer: str,
    made: dict[str, str | None],
    ultimo_player: str | None,
) -> None:
    """The ultimó's player made it on his side; named when paid individually (§12 T7)."""
    ultimo = made["pagat_ultimo"]
    if ultimo_player is not None:
        if ultimo is None:
            problems.add(
                "result.pagat_ultimo_player", pmsg("tapper tarokk", "nobody made the ultimó")
            )
        elif (DECLARER if ultimo_player == declarer else OPPONENTS) != ultimo:
            text = (
                pmsg(
                    "tapper tarokk",
                    "{player} is not on the declarer side",
                    player=ultimo_player,
                )
                if ultimo == DECLARER
                else pmsg(
                    "tapper tarokk",
                    "{player} is not on the opponents side",
                    player=ultimo_player,
                )
            )
            problems.add("result.pagat_ultimo_player", text)
    individual = session.house_rules["opponent_figure_payment"] == "individual"
    if ultimo == OPPONENTS and ultimo_player is None and individual:
        problems.add(
            "result.pagat_ultimo_player",
            pmsg(
                "tapper tarokk",
                "is required: the opponents made the ultimó and it is paid individually",
            ),
        )
