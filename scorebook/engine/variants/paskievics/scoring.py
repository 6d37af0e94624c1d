"""Scoring a read Paskievics hand (spec §6 steps 3–7, §8, §9): the payments of S, the tarokk
counts, irregularities, talon honours, the ultimókassza, and the no-game outcomes."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from scorebook.engine.messages import NO_MSG, Msg, msg, nmsg, pmsg
from scorebook.engine.payments import contra_multiplier, split
from scorebook.engine.types import Amount, Line, Session
from scorebook.engine.variants.paskievics.items import figures, game_tier, scored_items
from scorebook.engine.variants.paskievics.record import Hand
from scorebook.engine.variants.paskievics.state import State
from scorebook.engine.variants.paskievics.tariffs import (
    CONTRA_NAME,
    COUNT_NAME,
    COUNT_VALUE,
    DECL,
    FIGURE_VALUE,
    GAME_TIER,
    HONOUR_NAME,
    IRREGULARITY_NAME,
    KASSZA_NO_GAME,
    LEVEL_NAME,
    LEVEL_VALUE,
    POT,
    TALON_HONOUR_FEE,
    UJLAK_LOST_THREE,
    WIN_POINTS,
)
from scorebook.engine.variants.paskievics.texts import names, num, signed

# An irregularity as a ledger summary names it.
SUMMARY_IRREGULARITY = {
    "renonsz": msg("renonsz"),
    "wrong_discard": msg("wrong discard"),
}


@dataclass(slots=True)
class Scored:
    """A hand's breakdown lines, its move of the ultimókassza and its ledger summary."""

    lines: list[Line]
    pot_change: int = 0
    took: bool = False  # an announced ultimó took the kassza
    summary: Msg = NO_MSG


def score_hand(session: Session, state: State, h: Hand, r: int) -> Scored:
    """The lines of one read hand; `r` is the round multiplier R (spec §10 rule 4)."""
    rules = session.house_rules
    pot_r = r if rules["double_round_covers_pot"] else 1
    if h.outcome == "played":
        return _Played(session, state, h, r, pot_r).score()
    scored = Scored([])
    scored.summary = _no_game(rules, h, r, scored.lines)
    if rules["ultimo_kassza"]:
        scored.pot_change = _no_game_kassza(rules, state, h, pot_r, scored.lines)
    return scored


# --- no game (spec §9) -------------------------------------------------------------------
def _no_game(rules: Mapping[str, Any], h: Hand, r: int, lines: list[Line]) -> Msg:
    if h.outcome == "all_pass":
        if rules["all_pass_rule"] == "redeal_double_round":
            text = msg("all passed: no game; the same dealer deals again, a double round opens")
        else:
            text = msg("all passed: no game")
        lines.append(Line(text))
        return msg("all pass")
    if h.outcome == "declined_three":
        assert h.declarer is not None
        lines.append(
            Line(msg("{declarer} declined the three (Temesvár): no game", declarer=h.declarer))
        )
        return msg("{declarer} declined three", declarer=h.declarer)
    if h.outcome == "thrown_in":
        assert h.thrown_in_by is not None
        lines.append(Line(msg("{player} threw the hand in: no game", player=h.thrown_in_by)))
        if rules["ujlak_talon_honours_on_no_game"]:
            _talon_honours(h, r, lines, False)
        return msg("thrown in by {player}", player=h.thrown_in_by)
    return _honourless_fail(rules, h, r, lines)


def _honourless_fail(rules: Mapping[str, Any], h: Hand, r: int, lines: list[Line]) -> Msg:
    """Honour-less failure (seed 004 §38): the bid's value to each other active player."""
    assert h.declarer is not None
    assert h.level is not None
    g = 1 if rules["honourless_fail_amount"] == "always_one" else LEVEL_VALUE[h.level]
    others = [p for p in h.active if p != h.declarer]
    each = g * r
    arith = f"{g} × {r} = {each}" if r > 1 else f"{g}"
    bid = LEVEL_NAME[h.level]
    text = msg(
        "{declarer} bid {bid} without an honour and got none: pays {arith} to each of {players}",
        declarer=h.declarer,
        bid=bid,
        arith=arith,
        players=names(others),
    )
    lines.append(Line(text, {h.declarer: -each * len(others), **dict.fromkeys(others, each)}))
    if rules["ujlak_talon_honours_on_no_game"]:
        _talon_honours(h, r, lines, False)
    return msg("{declarer} {bid}, no honour", declarer=h.declarer, bid=bid)


def _no_game_kassza(
    rules: Mapping[str, Any], state: State, h: Hand, pot_r: int, lines: list[Line]
) -> int:
    """Any no-game pays 5 into the ultimókassza (seed 004 §26, §38)."""
    payers = h.active if rules["kassza_payers"] == "active_players" else state.seated
    if h.outcome == "honourless_fail" and rules["honourless_fail_kassza"] == "bidder_pays_5":
        assert h.declarer is not None
        payers = (h.declarer,)
    each = KASSZA_NO_GAME * pot_r
    extra = f" × {pot_r}" if pot_r > 1 else ""
    total = each * len(payers)
    text = msg(
        "no game: {amount} into the ultimókassza from each of {players} = {total}",
        amount=f"{KASSZA_NO_GAME}{extra}",
        players=names(payers),
        total=total,
    )
    lines.append(Line(text, dict.fromkeys(payers, -each), {POT: total}))
    return total


# --- step 6: talon honours (Újlak, seed 004 §40) -------------------------------------------
def _talon_honours(h: Hand, r: int, lines: list[Line], caught: bool) -> None:
    """Honours from the talon pay the dealer; a caught XXI pays nothing."""
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


@lru_cache(maxsize=256)
def _talon_xxi_caught_text(taker: str) -> Msg:
    return msg("{player} took the XXI from the talon, but it was caught: nothing", player=taker)


@lru_cache(maxsize=1024)
def _talon_honour_text(taker: str, card: str, late: bool, r: int, dealer: str) -> Msg:
    """Its fee (× 2 late) (× R)."""
    fee = TALON_HONOUR_FEE[card]
    amount = fee * (2 if late else 1) * r
    times_r = f" × {r}" if r > 1 else ""
    arith: str | Msg = f"{fee}"
    if late:
        arith = msg("{fee} × 2 (late){times_r} = {amount}", fee=fee, times_r=times_r, amount=amount)
    elif amount != fee:
        arith = f"{fee}{times_r} = {amount}"
    return msg(
        "{player} took the {honour} from the talon: pays the dealer {dealer} {arith}",
        player=taker,
        honour=HONOUR_NAME[card],
        dealer=dealer,
        arith=arith,
    )


# --- a played hand -----------------------------------------------------------------------
class _Played:
    """One played hand: the teams, the irregularity flags and the lines as they are booked."""

    def __init__(self, session: Session, state: State, h: Hand, r: int, pot_r: int) -> None:
        assert h.declarer is not None
        assert h.level is not None
        assert h.sides is not None
        self.rules = rules = session.house_rules
        self.state, self.h, self.r, self.pot_r = state, h, r, pot_r
        self.declarer = h.declarer
        self.g = LEVEL_VALUE[h.level]
        self.sides = h.sides
        if h.partner is None:
            self.team: tuple[str, ...] = (h.declarer,)
        else:
            self.team = tuple([p for p in h.active if p in (h.declarer, h.partner)])
        self.opps = tuple([p for p in h.active if p not in self.team])
        self.five = len(state.seated) == 5
        irregular = h.irregularity
        strict = rules["wrong_discard_penalty"] == "strict"
        self.void = (
            irregular is not None
            and (irregular[0] == "renonsz" or strict)
            and rules["irregularity_voids_hand"]
        )
        self.mild = irregular is not None and irregular[0] == "wrong_discard" and not strict
        self.lines: list[Line] = []

    def score(self) -> Scored:
        h = self.h
        # Step 5 (announced counts first: paid at once, stay even in a void hand).
        if h.counts:
            self._counts(announced=True)
        if not self.void:
            self._settle()
        # Silent claims (void: they do not happen, spec §9 note).
        if h.counts:
            self._counts(announced=False)
        if h.irregularity is not None and not self.mild:
            self._irregularity_penalty(*h.irregularity)
        # Step 6: talon honours stay even in a void hand.
        if h.talon:
            _talon_honours(h, self.r, self.lines, self.sides["xxi_catch_side"] is not None)
        scored = Scored(self.lines)
        # Step 7: the ultimókassza (spec §8); nothing in a void hand.
        if self.rules["ultimo_kassza"] and not self.void:
            self._kassza(scored)
        if not self.lines:
            self.lines.append(Line(msg("nothing to pay")))
        scored.summary = self._summary()
        return scored

    # -- steps 2 and 3: S and who pays it ---------------------------------------------------
    def _settle(self) -> None:
        h, r = self.h, self.r
        figure_items = figures(h, self.rules)
        tier = game_tier(h, self.rules["game_tier_rule"], self.g)
        item_lines, shown, s = scored_items((*tier, *figure_items) if figure_items else tier)
        self.lines.extend(item_lines)
        pay = s * r
        deltas: dict[str, Amount] = {}
        if not pay:
            text = msg("{sum}: nobody pays", sum=shown)
        elif h.partner is None:
            deltas = {self.declarer: 3 * pay, **dict.fromkeys(self.opps, -pay)}
            text = _one_vs_three_text(shown, s, r, self.declarer, self.opps, h)
        else:
            deltas = dict.fromkeys(self.team, pay)
            for p in self.opps:
                deltas[p] = -pay
            text = _pair_vs_pair_text(shown, s, r, self.team, self.opps)
        if self.mild and h.irregularity is not None and pay:
            deltas, mild = _mild(h.irregularity[1], self.team, self.opps, deltas)
            text = msg("{sum}; {penalty}", sum=shown, penalty=mild)
        self.lines.append(Line(text, deltas))
        if self.rules["sir_es_nevet"] and self.five and h.irregularity is None and pay:
            self.lines.append(_sir_es_nevet(h.dealer, self.declarer, pay))

    # -- step 5: tarokk counts (seed 004 §45), × R, never contra'd ---------------------------
    def _counts(self, *, announced: bool) -> None:
        assert self.h.counts is not None
        for seat, count, is_announced in self.h.counts:
            if is_announced != announced:
                continue
            k = COUNT_VALUE[count]
            amount = k * self.r
            arith = f"{k} × {self.r} = {amount}" if self.r > 1 else f"{k}"
            if announced:
                self.lines.append(self._announced_count(seat, count, amount, arith))
            else:
                self.lines.append(self._silent_count(seat, count, amount, arith))

    def _announced_count(self, seat: str, count: int, amount: int, arith: str) -> Line:
        h, rules = self.h, self.rules
        name = COUNT_NAME[count]
        payers = [p for p in h.active if p != seat]
        if (
            rules["sir_es_nevet"]
            and self.five
            and (seat == h.declarer or rules["sir_es_nevet_counts"] == "all_announcers")
        ):
            payers.append(h.dealer)
        text = msg(
            "{count} announced by {player}: {arith} from each of {players}",
            count=name,
            player=seat,
            arith=arith,
            players=names(payers),
        )
        return Line(text, {seat: amount * len(payers), **dict.fromkeys(payers, -amount)})

    def _silent_count(self, seat: str, count: int, amount: int, arith: str) -> Line:
        """Claimed after the hand from the partners only."""
        name = COUNT_NAME[count]
        members = self.team if seat in self.team else self.opps
        mates = [p for p in members if p != seat]
        one_vs_three_opps = members is self.opps and len(self.opps) == 3
        if self.void or (one_vs_three_opps and self.rules["silent_count_payers_1v3"] == "none"):
            mates = []
        if not mates:
            return Line(
                msg(
                    "{count} claimed by {player} after the hand: nobody pays",
                    count=name,
                    player=seat,
                )
            )
        text = nmsg(
            "{bonus} claimed by {player} from his partner {players}: {arith}",
            "{bonus} claimed by {player} from his partners {players}: {arith} each",
            len(mates),
            bonus=name,
            player=seat,
            players=names(mates),
            arith=arith,
        )
        return Line(text, {seat: amount * len(mates), **dict.fromkeys(mates, -amount)})

    # -- irregularities (spec §9) -----------------------------------------------------------
    def _irregularity_penalty(self, kind: str, offender: str) -> None:
        """Renonsz (seed 004 §62*) / strict wrong discard (seed 004 §38): Q to each other."""
        h, g = self.h, self.g
        q, parts = _penalty_q(h, g)
        others = [p for p in h.active if p != offender]
        penalty = q * self.r
        rtxt = f" × R {self.r} = {penalty}" if self.r > 1 else ""
        args: dict[str, str | int | Msg] = {
            "irregularity": IRREGULARITY_NAME[kind],
            "player": offender,
            "q": f"Q = {' + '.join(parts)} = {q}{rtxt}",
            "players": names(others),
        }
        if self.void:
            text = msg(
                "{irregularity} by {player}: {q}, paid to each of {players}; "
                "the normal settlement is void",
                **args,
            )
        else:
            text = msg("{irregularity} by {player}: {q}, paid to each of {players}", **args)
        deltas = {offender: -penalty * len(others), **dict.fromkeys(others, penalty)}
        self.lines.append(Line(text, deltas))

    # -- step 7: the ultimókassza (spec §8) ----------------------------------------------------
    def _kassza(self, scored: Scored) -> None:
        h, rules = self.h, self.rules
        balance = self.state.pot
        exact = rules["kassza_split_rounding"] == "exact_fractions"
        for a in h.announcements or ():
            if a.figure != "pagat_ultimo":
                continue
            made = self.sides["pagat_ultimo_side"] == a.side
            members = self.team if a.side == DECL else self.opps
            deltas, change, text = _kassza_flow(balance, members, a.by, made, exact)
            scored.took = scored.took or made
            self.lines.append(Line(text, deltas, {POT: change}))
            scored.pot_change += change
        if rules["ujlak_lost_three_kassza"] and h.level == "three" and h.points < WIN_POINTS:
            amount = UJLAK_LOST_THREE * self.pot_r
            self.lines.append(_ujlak_lost_three(self.declarer, amount))
            scored.pot_change += amount

    def _summary(self) -> Msg:
        h = self.h
        assert h.level is not None
        assert h.called_card is not None
        partner = pmsg("paskievics summary", "alone") if h.partner is None else h.partner
        bid = LEVEL_NAME[h.level]
        if h.game_contra:
            bid = pmsg(
                "paskievics summary", "{contra} {bid}", contra=CONTRA_NAME[h.game_contra], bid=bid
            )
        args: dict[str, str | int | Msg] = {
            "declarer": self.declarer,
            "bid": bid,
            "card": h.called_card,
            "partner": partner,
            "points": h.points,
        }
        if h.points >= WIN_POINTS:
            summary = msg("{declarer} {bid}, {card}→{partner}, won {points}", **args)
        else:
            summary = msg("{declarer} {bid}, {card}→{partner}, lost {points}", **args)
        if h.irregularity is not None:
            kind, seat = h.irregularity
            summary = msg(
                "{summary}, {irregularity} {player}",
                summary=summary,
                irregularity=SUMMARY_IRREGULARITY[kind],
                player=seat,
            )
        return summary


def _penalty_q(h: Hand, g: int) -> tuple[int, list[str]]:
    """Q: the game and every announced item, each × its contra, and how it adds up."""
    q = g * contra_multiplier(h.game_contra)
    parts = [f"{g} × {contra_multiplier(h.game_contra)}" if h.game_contra else f"{g}"]
    for a in h.announcements or ():
        tier = a.figure in GAME_TIER
        v = GAME_TIER[a.figure][1] * g if tier else FIGURE_VALUE[a.figure][1]
        m = contra_multiplier(a.contra)
        q += v * m
        parts.append(f"{v} × {m}" if a.contra else f"{v}")
    return q, parts


def _sir_es_nevet(dealer: str, declarer: str, pay: int) -> Line:
    """Sír és nevet (seed 004 §41): the sitting-out dealer pays / receives S (× R)."""
    if pay > 0:
        text = msg(
            "sír és nevet: the dealer {dealer} pays {declarer} {amount}",
            dealer=dealer,
            declarer=declarer,
            amount=pay,
        )
    else:
        text = msg(
            "sír és nevet: the dealer {dealer} receives {amount} from {declarer}",
            dealer=dealer,
            declarer=declarer,
            amount=-pay,
        )
    return Line(text, {dealer: -pay, declarer: pay})


def _ujlak_lost_three(declarer: str, amount: int) -> Line:
    """Újlak: a lost three pays into the kassza (seed 004 §31)."""
    return Line(
        msg(
            "Újlak: {declarer} lost the three, pays {amount} into the ultimókassza",
            declarer=declarer,
            amount=amount,
        ),
        {declarer: -amount},
        {POT: amount},
    )


def _one_vs_three_text(
    shown: str, s: int, r: int, declarer: str, opps: tuple[str, ...], h: Hand
) -> Msg:
    """Step 3, one vs three: the declarer wins or pays 3 × S (× R), each opponent S (× R)."""
    pay = s * r
    rtxt = f" × R {r}" if r > 1 else ""
    args: dict[str, str | int | Msg] = {
        "sum": shown,
        "declarer": declarer,
        "arith": f"3 × {num(s)}{rtxt} = {signed(3 * pay)}",
        "players": names(opps),
        "each": f"{num(s)}{rtxt} = {signed(-pay)}" if r > 1 else signed(-pay),
    }
    if h.alone_reason == "self_call":
        assert h.called_card is not None
        return msg(
            "{sum}; one vs three (self-call, {card}): {declarer} {arith}; {players} {each} each",
            card=h.called_card,
            **args,
        )
    if h.alone_reason == "called_card_discarded":
        assert h.called_card is not None
        return msg(
            "{sum}; one vs three ({card} lies in a discard: hivatalos kontra): "
            "{declarer} {arith}; {players} {each} each",
            card=h.called_card,
            **args,
        )
    return msg("{sum}; one vs three: {declarer} {arith}; {players} {each} each", **args)


def _pair_vs_pair_text(
    shown: str, s: int, r: int, team: tuple[str, ...], opps: tuple[str, ...]
) -> Msg:
    """Step 3, pair vs pair: each of the declarer's pair wins or pays S (× R)."""
    pay = s * r
    if r > 1:
        shown = f"{shown}; S × R = {num(s)} × {r} = {num(pay)}"
    return msg(
        "{sum}; pair vs pair: {team} {team_amount} each, {opponents} {opponents_amount} each",
        sum=shown,
        team=names(team),
        team_amount=signed(pay),
        opponents=names(opps),
        opponents_amount=signed(-pay),
    )


def _mild(
    offender: str, team: tuple[str, ...], opps: tuple[str, ...], normal: dict[str, Amount]
) -> tuple[dict[str, Amount], Msg]:
    """Milder wrong-discard penalty (seed 004 §38): only the offender pays."""
    side = team if offender in team else opps
    mates = [p for p in side if p != offender]
    won = normal[offender] > 0
    payees = {p: normal[p] for p in mates} if won else {p: v for p, v in normal.items() if v > 0}
    total = sum(payees.values())
    deltas: dict[str, Amount] = {**payees, offender: -total}
    listing = ", ".join(f"{p} {v}" for p, v in payees.items())
    payees_text = listing or msg("nobody")
    if won:
        return deltas, msg(
            "wrong discard by {player} (mild): his side won; he alone pays his "
            "teammates' winnings ({payees}), the losers pay nothing",
            player=offender,
            payees=payees_text,
        )
    return deltas, msg(
        "wrong discard by {player} (mild): his side lost; he alone pays every winner "
        "({payees}), his teammates pay nothing",
        player=offender,
        payees=payees_text,
    )


def _kassza_flow(
    balance: int, members: tuple[str, ...], announcer: str, take: bool, exact: bool
) -> tuple[dict[str, Amount], int, Msg]:
    """Spec §8 splitting: a take leaves the remainder in the pot; a doubling makes the
    announcer pay the remainder. Returns player deltas, pot change, explanation."""
    k = len(members)
    who = names(members)
    sign = 1 if take else -1
    rest = 0
    if exact:
        share: Amount = Fraction(balance, k)
    else:
        share, rest = split(balance, k)
    deltas: dict[str, Amount] = dict.fromkeys(members, sign * share)
    arith: str | Msg = str(balance)
    if k > 1:
        arith = msg("{balance} / {k} = {share} each", balance=balance, k=k, share=str(share))
    if take:
        if rest:
            arith = msg("{split}, {rest} stays", split=arith, rest=rest)
        text = msg(
            "ultimókassza {balance} taken by {players}: {split}",
            balance=balance,
            players=who,
            split=arith,
        )
        return deltas, -(balance - rest), text
    deltas[announcer] -= rest
    if rest:
        arith = msg("{split}, {player} +{rest}", split=arith, player=announcer, rest=rest)
    text = msg(
        "ultimó lost: {players} double the ultimókassza ({balance} → {doubled}): {split}",
        players=who,
        balance=balance,
        doubled=2 * balance,
        split=arith,
    )
    return deltas, balance, text
