"""Scoring a read Paskievics hand (spec §6 steps 3–7, §8, §9): the payments of S, the tarokk
counts, irregularities, talon honours, the ultimókassza, and the no-game outcomes."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from scorebook.engine.payments import CONTRA_NAMES, contra_multiplier, split
from scorebook.engine.types import NO_TEXT, Amount, Line, Session, Text
from scorebook.engine.variants.paskievics.items import figures, game_tier, scored_items
from scorebook.engine.variants.paskievics.record import Hand
from scorebook.engine.variants.paskievics.state import State
from scorebook.engine.variants.paskievics.tariffs import (
    COUNT_NAME,
    COUNT_VALUE,
    DECL,
    FIGURE_VALUE,
    GAME_TIER,
    HONOUR_NAME,
    KASSZA_NO_GAME,
    LEVEL_NAME,
    LEVEL_VALUE,
    POT,
    TALON_HONOUR_FEE,
    UJLAK_LOST_THREE,
    WIN_POINTS,
)
from scorebook.engine.variants.paskievics.texts import names, num, signed


@dataclass(slots=True)
class Scored:
    """A hand's breakdown lines, its move of the ultimókassza and its ledger summary."""

    lines: list[Line]
    pot_change: int = 0
    took: bool = False  # an announced ultimó took the kassza
    summary: Text = NO_TEXT


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
def _no_game(rules: Mapping[str, Any], h: Hand, r: int, lines: list[Line]) -> Text:
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
            _talon_honours(h, r, lines, False)
        return Text(f"thrown in by {h.thrown_in_by}", f"bedobta: {h.thrown_in_by}")
    return _honourless_fail(rules, h, r, lines)


def _honourless_fail(rules: Mapping[str, Any], h: Hand, r: int, lines: list[Line]) -> Text:
    """Honour-less failure (seed 004 §38): the bid's value to each other active player."""
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
                f"pays {arith} to each of {names(others)}",
                f"{h.declarer} honőr nélkül licitált ({LEVEL_NAME[h.level].hu}), nem kapott: "
                f"{arith} fejenként ({names(others)})",
            ),
            {h.declarer: -each * len(others), **dict.fromkeys(others, each)},
        )
    )
    if rules["ujlak_talon_honours_on_no_game"]:
        _talon_honours(h, r, lines, False)
    return Text(
        f"{h.declarer} {LEVEL_NAME[h.level].en}, no honour",
        f"{h.declarer} {LEVEL_NAME[h.level].hu}, honőr nélkül",
    )


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
    lines.append(
        Line(
            Text(
                f"no game: {KASSZA_NO_GAME}{extra} into the ultimókassza from each of "
                f"{names(payers)} = {total}",
                f"nincs játék: {KASSZA_NO_GAME}{extra} az ultimókasszába fejenként "
                f"({names(payers)}) = {total}",
            ),
            dict.fromkeys(payers, -each),
            {POT: total},
        )
    )
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
def _talon_xxi_caught_text(taker: str) -> Text:
    return Text(
        f"{taker} took the XXI from the talon, but it was caught: nothing",
        f"{taker} a talonból kapta a XXI-et, de elfogták: nem fizet",
    )


@lru_cache(maxsize=1024)
def _talon_honour_text(taker: str, card: str, late: bool, r: int, dealer: str) -> Text:
    """Its fee (× 2 late) (× R)."""
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
            self.lines.append(Line(Text("nothing to pay", "nincs fizetés")))
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
            text = Text(f"{shown}: nobody pays", f"{shown}: senki sem fizet")
        elif h.partner is None:
            deltas = {self.declarer: 3 * pay, **dict.fromkeys(self.opps, -pay)}
            text = _one_vs_three_text(shown, s, r, self.declarer, self.opps, h)
        else:
            deltas = dict.fromkeys(self.team, pay)
            for p in self.opps:
                deltas[p] = -pay
            text = _pair_vs_pair_text(shown, s, r, self.team, self.opps)
        if self.mild and h.irregularity is not None and pay:
            deltas, text = _mild(h.irregularity[1], self.team, self.opps, deltas)
            text = Text(f"{shown}; {text.en}", f"{shown}; {text.hu}")
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
        return Line(
            Text(
                f"{name.en} announced by {seat}: {arith} from each of {names(payers)}",
                f"{name.hu} bemondva ({seat}): {arith} fejenként ({names(payers)})",
            ),
            {seat: amount * len(payers), **dict.fromkeys(payers, -amount)},
        )

    def _silent_count(self, seat: str, count: int, amount: int, arith: str) -> Line:
        """Claimed after the hand from the partner(s) only."""
        name = COUNT_NAME[count]
        members = self.team if seat in self.team else self.opps
        mates = [p for p in members if p != seat]
        one_vs_three_opps = members is self.opps and len(self.opps) == 3
        if self.void or (one_vs_three_opps and self.rules["silent_count_payers_1v3"] == "none"):
            mates = []
        if not mates:
            return Line(
                Text(
                    f"{name.en} claimed by {seat} after the hand: nobody pays",
                    f"{name.hu} utólag ({seat}): senki sem fizet",
                )
            )
        return Line(
            Text(
                f"{name.en} claimed by {seat} from his partner(s) {names(mates)}: {arith} each",
                f"{name.hu} utólag ({seat}) a társától ({names(mates)}): {arith} fejenként",
            ),
            {seat: amount * len(mates), **dict.fromkeys(mates, -amount)},
        )

    # -- irregularities (spec §9) -----------------------------------------------------------
    def _irregularity_penalty(self, kind: str, offender: str) -> None:
        """Renonsz (seed 004 §62*) / strict wrong discard (seed 004 §38): Q to each other."""
        h, g = self.h, self.g
        q, parts = _penalty_q(h, g)
        others = [p for p in h.active if p != offender]
        penalty = q * self.r
        rtxt = f" × R {self.r} = {penalty}" if self.r > 1 else ""
        name = (
            Text("renonsz (revoke)", "renonsz")
            if kind == "renonsz"
            else Text("wrong discard", "hibás skart")
        )
        void = self.void
        self.lines.append(
            Line(
                Text(
                    f"{name.en} by {offender}: Q = {' + '.join(parts)} = {q}{rtxt}, "
                    f"paid to each of {names(others)}"
                    + ("; the normal settlement is void" if void else ""),
                    f"{name.hu}: {offender} fizet, Q = {' + '.join(parts)} = {q}{rtxt}, "
                    f"fejenként ({names(others)})"
                    + ("; a rendes elszámolás elmarad" if void else ""),
                ),
                {offender: -penalty * len(others), **dict.fromkeys(others, penalty)},
            )
        )

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

    def _summary(self) -> Text:
        h = self.h
        assert h.level is not None
        alone = h.partner is None
        partner = "alone" if alone else h.partner
        partner_hu = "egyedül" if alone else h.partner
        pre = f"{CONTRA_NAMES[h.game_contra]} " if h.game_contra else ""
        won = h.points >= WIN_POINTS
        level = LEVEL_NAME[h.level]
        summary = Text(
            f"{self.declarer} {pre}{level.en}, {h.called_card}→{partner}, "
            f"{'won' if won else 'lost'} {h.points}",
            f"{self.declarer} {pre}{level.hu}, {h.called_card}→{partner_hu}, "
            f"{'nyert' if won else 'vesztett'} {h.points}",
        )
        if h.irregularity is not None:
            kind, seat = h.irregularity
            summary = Text(f"{summary.en}, {kind} {seat}", f"{summary.hu}, {kind} {seat}")
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
    return Line(
        Text(
            f"sír és nevet: the dealer {dealer} "
            + (f"pays {declarer} {pay}" if pay > 0 else f"receives {-pay} from {declarer}"),
            f"sír és nevet: az osztó ({dealer}) "
            + (
                f"fizeti a felvevő ({declarer}) nyereségét: {pay}"
                if pay > 0
                else f"megkapja a felvevő ({declarer}) veszteségét: {-pay}"
            ),
        ),
        {dealer: -pay, declarer: pay},
    )


def _ujlak_lost_three(declarer: str, amount: int) -> Line:
    """Újlak: a lost three pays into the kassza (seed 004 §31)."""
    return Line(
        Text(
            f"Újlak: {declarer} lost the three, pays {amount} into the ultimókassza",
            f"Újlak: {declarer} elvesztette a hármast, {amount}-et fizet az ultimókasszába",
        ),
        {declarer: -amount},
        {POT: amount},
    )


def _one_vs_three_text(
    shown: str, s: int, r: int, declarer: str, opps: tuple[str, ...], h: Hand
) -> Text:
    """Step 3, one vs three: the declarer wins or pays 3 × S (× R), each opponent S (× R)."""
    pay = s * r
    rtxt = f" × R {r}" if r > 1 else ""
    how_en, how_hu = "", ""
    if h.alone_reason == "self_call":
        how_en, how_hu = f" (self-call, {h.called_card})", f" (önhívás, {h.called_card})"
    elif h.alone_reason == "called_card_discarded":
        how_en = f" ({h.called_card} lies in a discard: hivatalos kontra)"
        how_hu = f" (a hívott {h.called_card} fekszik: hivatalból kontra)"
    arith = f"3 × {num(s)}{rtxt} = {signed(3 * pay)}"
    each = f"{num(s)}{rtxt} = {signed(-pay)}" if r > 1 else signed(-pay)
    return Text(
        f"{shown}; one vs three{how_en}: {declarer} {arith}; {names(opps)} {each} each",
        f"{shown}; egy a három ellen{how_hu}: {declarer} {arith}; {names(opps)} {each} fejenként",
    )


def _pair_vs_pair_text(
    shown: str, s: int, r: int, team: tuple[str, ...], opps: tuple[str, ...]
) -> Text:
    """Step 3, pair vs pair: each of the declarer's pair wins or pays S (× R)."""
    pay = s * r
    if r > 1:
        shown = f"{shown}; S × R = {num(s)} × {r} = {num(pay)}"
    # Each part once (the same text as formatting them in place, in both languages).
    winners = f"{', '.join(team)} {signed(pay)}"
    losers = f"{', '.join(opps)} {signed(-pay)}"
    return Text(
        f"{shown}; pair vs pair: {winners} each, {losers} each",
        f"{shown}; pár a pár ellen: {winners} fejenként, {losers} fejenként",
    )


def _mild(
    offender: str, team: tuple[str, ...], opps: tuple[str, ...], normal: dict[str, Amount]
) -> tuple[dict[str, Amount], Text]:
    """Milder wrong-discard penalty (seed 004 §38): only the offender pays."""
    side = team if offender in team else opps
    mates = [p for p in side if p != offender]
    won = normal[offender] > 0
    payees = {p: normal[p] for p in mates} if won else {p: v for p, v in normal.items() if v > 0}
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


def _kassza_flow(
    balance: int, members: tuple[str, ...], announcer: str, take: bool, exact: bool
) -> tuple[dict[str, Amount], int, Text]:
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
    arith = f"{balance} / {k} = {share} each" if k > 1 else f"{balance}"
    arith_hu = f"{balance} / {k} = {share} fejenként" if k > 1 else f"{balance}"
    if take:
        if rest:
            arith, arith_hu = f"{arith}, {rest} stays", f"{arith_hu}, {rest} bent marad"
        return (
            deltas,
            -(balance - rest),
            Text(
                f"ultimókassza {balance} taken by {who}: {arith}",
                f"az ultimókasszát ({balance}) {who} húzza ki: {arith_hu}",
            ),
        )
    deltas[announcer] -= rest
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
