"""Players, nights (sessions), seats, hands with their cached scoring, revisions, paid marks.

A hand row stores the record exactly as the scoresheet carries it (`record`), and the engine's
output after it (`entries`, `state`), so that appending a hand resumes from the last state
instead of replaying the night. The caches are always rewritten by `services`, never by hand.
"""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.core.validators import MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class Club(models.Model):
    """A table's group of accounts (asztaltársaság): its members share one roster of players
    and the club's nights (`ClubMember` gives each his role)."""

    name = models.CharField(_("name"), max_length=80)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    # The write key of the form that created it: the same form sent again is the same club.
    key = models.CharField(max_length=64, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    # Soft delete: set when an owner deletes the club, cleared by Undo (clubservices).
    deleted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("name", "pk")
        constraints = (models.CheckConstraint(condition=~Q(name=""), name="club_name_not_empty"),)

    def __str__(self) -> str:
        return self.name


class ClubMember(models.Model):
    """One account's place in a club: OWNER manages it, SCORER records its nights, VIEWER
    reads its pages."""

    OWNER, SCORER, VIEWER = "owner", "scorer", "viewer"
    ROLES = (
        (OWNER, _("owner")),
        (SCORER, _("scorer")),
        (VIEWER, _("viewer")),
    )

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="members")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="club_memberships"
    )
    role = models.CharField(_("role"), max_length=10, choices=ROLES, default=SCORER)
    added = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("added", "pk")
        constraints = (
            models.UniqueConstraint(fields=["club", "user"], name="clubmember_unique_user"),
        )

    def __str__(self) -> str:
        return f"{self.user} {self.role} of {self.club}"


class ClubLink(models.Model):
    """A revocable link: whoever opens it, logged in, joins the club with `role`."""

    club = models.OneToOneField(Club, on_delete=models.CASCADE, related_name="invite_link")
    token = models.CharField(max_length=64, unique=True)
    role = models.CharField(max_length=10, choices=ClubMember.ROLES, default=ClubMember.SCORER)
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"invite link of {self.club}"


class Season(models.Model):
    """A stretch of dates the club names (its seasons beside the calendar years)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(_("name"), max_length=60)
    start = models.DateField(_("first day"))
    end = models.DateField(_("last day"))

    class Meta:
        ordering = ("-start", "pk")
        constraints = (
            models.CheckConstraint(condition=Q(end__gte=models.F("start")), name="season_dates"),
        )

    def __str__(self) -> str:
        return self.name


class SeasonShare(models.Model):
    """A read-only link to a club's standings over one season (a year or a `Season`)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="shares")
    year = models.PositiveIntegerField(null=True, blank=True)
    season = models.ForeignKey(Season, null=True, blank=True, on_delete=models.CASCADE)
    token = models.CharField(max_length=64, unique=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = (
            models.CheckConstraint(
                condition=Q(year__isnull=True) ^ Q(season__isnull=True), name="seasonshare_one"
            ),
        )

    def __str__(self) -> str:
        return f"share of {self.club} {self.year or self.season}"


class ClubReceipt(models.Model):
    """A club write's key (like `WriteReceipt` for a night): a repeat is not written twice."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="receipts")
    key = models.CharField(max_length=64)
    kind = models.CharField(max_length=20)
    digest = models.CharField(max_length=64)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = (
            models.UniqueConstraint(fields=["club", "key"], name="clubreceipt_unique_key"),
        )

    def __str__(self) -> str:
        return f"{self.kind} {self.key} of {self.club}"


class Player(models.Model):
    """A person the user plays with, remembered for autocomplete: in the user's own roster,
    or in a club's (`club` set: shared by its members; `owner` is who first named him)."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    club = models.ForeignKey(
        Club, null=True, blank=True, on_delete=models.PROTECT, related_name="players"
    )
    name = models.CharField(_("name"), max_length=60)

    class Meta:
        ordering = ("name",)
        constraints = (
            models.UniqueConstraint(
                fields=["owner", "name"], condition=Q(club=None), name="player_unique_name"
            ),
            models.UniqueConstraint(
                fields=["club", "name"],
                condition=Q(club__isnull=False),
                name="player_club_unique_name",
            ),
            models.CheckConstraint(condition=~Q(name=""), name="player_name_not_empty"),
        )

    def __str__(self) -> str:
        return self.name

    def roster(self) -> models.QuerySet[Player]:
        """The players of the same roster (the club's, or the owner's own)."""
        return roster_of(self.owner_id, self.club_id)


def roster_of(owner_id: int | None, club_id: int | None) -> models.QuerySet[Player]:
    """A roster: a club's players, or an account's own (outside any club)."""
    if club_id is not None:
        return Player.objects.filter(club_id=club_id)
    return Player.objects.filter(owner_id=owner_id, club=None)


class LiveNights(models.Manager["Night"]):
    """Nights not deleted: the default everywhere (lists, player pages, summaries, access),
    so a deleted night drops out of every statistic without each read remembering it."""

    def get_queryset(self) -> models.QuerySet[Night]:
        return super().get_queryset().filter(deleted_at__isnull=True)


class Night(models.Model):
    """One session at one table: the variant, its house rules, the stake and the seating."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    # A club's night: its scorers score it, its players sit at it, its seasons count it.
    club = models.ForeignKey(
        Club, null=True, blank=True, on_delete=models.PROTECT, related_name="nights"
    )
    variant = models.CharField(_("variant"), max_length=40)
    # Complete: every house rule of the variant, defaults filled in at creation.
    house_rules = models.JSONField(default=dict, blank=True)
    stake_per_point = models.DecimalField(
        _("stake per point"),
        max_digits=12,
        decimal_places=4,
        default=Decimal(1),
        validators=[MinValueValidator(Decimal(0))],
    )
    currency = models.CharField(_("currency"), max_length=3, default="HUF")
    date = models.DateField(_("date"), default=timezone.localdate)
    place = models.CharField(_("place"), max_length=120, blank=True)
    # Opening pot balances carried over from an earlier night; null = the pots open empty.
    opening_pots = models.JSONField(null=True, blank=True)
    first_dealer = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # The seated players' names in seating order: a copy of the Seat rows, written with them
    # (services.seat_players, join), so a save reads the seating with the night itself.
    seating = models.JSONField(default=list, blank=True)
    # The engine's start: the state before hand 1 and the automatic opening bookings.
    start_state = models.JSONField(default=dict, blank=True)
    start_entries = models.JSONField(default=list, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    # Raised by each saved change to the night's details, names or rules: a form opened at an
    # older version is refused if a change of its kind came between (services.edit_night).
    version = models.PositiveIntegerField(default=1)
    # Soft delete: set when the owner deletes the night, cleared by Undo (services).
    deleted_at = models.DateTimeField(null=True, blank=True)
    # Accounts the owner handed the pen to: they record and edit hands (NightScorer).
    scorers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, through="NightScorer", related_name="scored_nights"
    )

    objects = LiveNights()
    all_objects = models.Manager()  # noqa: DJ012 - a manager, not a field

    class Meta:
        base_manager_name = "all_objects"
        ordering = (
            "-date",
            "-created",
        )
        constraints = (
            models.CheckConstraint(condition=Q(stake_per_point__gte=0), name="night_stake_gte_0"),
            models.CheckConstraint(
                condition=Q(currency__regex=r"^[A-Z]{3}$"), name="night_currency_iso"
            ),
        )

    def __str__(self) -> str:
        return f"{self.variant} {self.date}"


class Seat(models.Model):
    """A player's place in the seating order (the direction of play), 0-based."""

    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    position = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ("position",)
        constraints = (
            models.UniqueConstraint(fields=["night", "position"], name="seat_unique_position"),
            models.UniqueConstraint(fields=["night", "player"], name="seat_unique_player"),
        )

    def __str__(self) -> str:
        return f"{self.position}: {self.player}"


class Hand(models.Model):
    """One entry of the night: a hand record, or a session event (`{"event": "join", …}`)."""

    # No index of its own: the unique (night, position) index serves every lookup by night,
    # and each index costs a write when a hand is saved.
    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="hands", db_index=False)
    position = models.PositiveIntegerField()  # order among all rows, deleted ones included
    number = models.PositiveIntegerField(null=True, blank=True)  # hand number; null: event/deleted
    record = models.JSONField()
    version = models.PositiveIntegerField(default=1)  # optimistic locking
    deleted = models.BooleanField(default=False)  # undoable delete
    # Caches written by services: the entries booked by this row and the state after it.
    entries = models.JSONField(default=list, blank=True)
    state = models.JSONField(default=dict, blank=True)
    # What the entries add up to (`nights.amounts_of`): a long night's totals read these
    # small objects, not every row's entries with their breakdown lines (issue 20).
    amounts = models.JSONField(default=dict, blank=True)
    updated = models.DateTimeField(auto_now=True)
    # Who wrote the current version (the owner or a co-scorer); null on older rows.
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )

    class Meta:
        ordering = ("position",)
        constraints = (
            models.UniqueConstraint(fields=["night", "position"], name="hand_unique_position"),
            models.CheckConstraint(condition=Q(version__gte=1), name="hand_version_gte_1"),
            models.CheckConstraint(
                condition=Q(number__isnull=True) | Q(deleted=False), name="hand_deleted_unnumbered"
            ),
        )
        indexes = (
            # Events (joins) are read on every save: the unnumbered rows (events and deleted
            # hands, a few a night) are kept apart. A plain IS NULL, so SQLite can use it.
            models.Index(
                fields=["night", "position"], condition=Q(number__isnull=True), name="hand_events"
            ),
        )

    def __str__(self) -> str:
        return f"hand {self.number or '-'} (row {self.position})"

    @property
    def is_event(self) -> bool:
        return isinstance(self.record, dict) and "event" in self.record


class HandRevision(models.Model):
    """The record as it was at one version, kept whenever a hand is saved or deleted.

    `author` is who made the change that replaced this version (kept as it always was);
    `written_by` is who had written this version (the hand's author at the time)."""

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="revisions")
    version = models.PositiveIntegerField()
    record = models.JSONField()
    deleted = models.BooleanField(default=False)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    written_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("-version",)
        constraints = (
            models.UniqueConstraint(fields=["hand", "version"], name="revision_unique_version"),
        )

    def __str__(self) -> str:
        return f"{self.hand} v{self.version}"


class PaidTransfer(models.Model):
    """A settle-up transfer marked as paid (identified by payer, payee and amount)."""

    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="paid_transfers")
    payer = models.CharField(max_length=80)
    payee = models.CharField(max_length=80)
    amount = models.DecimalField(max_digits=14, decimal_places=4)
    paid_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = (
            models.UniqueConstraint(
                fields=["night", "payer", "payee", "amount"], name="paid_transfer_unique"
            ),
            models.CheckConstraint(condition=Q(amount__gt=0), name="paid_transfer_positive"),
            models.CheckConstraint(
                condition=~Q(payer=models.F("payee")), name="paid_transfer_two_parties"
            ),
        )

    def __str__(self) -> str:
        return f"{self.payer} → {self.payee} {self.amount}"


class NightShare(models.Model):
    """A read-only link to one night (scorebook/sharing.py); deleting it revokes the link."""

    night = models.OneToOneField(Night, on_delete=models.CASCADE, related_name="share")
    token = models.CharField(max_length=64, unique=True)
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"share of {self.night}"


class NightSummary(models.Model):
    """What a night settled to, cached for the player pages (scorebook/summaries.py).

    `stamp` fingerprints everything the summary is computed from (hand rows and their
    versions, stake, currency, rules, seats); a summary whose stamp no longer matches is
    recomputed on the next read, so no write path has to remember to invalidate it.
    """

    night = models.OneToOneField(Night, on_delete=models.CASCADE, related_name="summary")
    stamp = models.CharField(max_length=64)
    data = models.JSONField(default=dict)
    computed = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"summary of {self.night}"


class NightRevision(models.Model):
    """One change to a night itself (not to a hand): who, when, and each field old → new.

    `changes` is a list of [what, old, new] with values as the pages show them; `kind` groups
    them (details, rules, rename, delete, restore, scorers)."""

    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="revisions")
    kind = models.CharField(max_length=20)
    changes = models.JSONField(default=list)
    # The night's version this change made (details and rules); null for the other kinds.
    version = models.PositiveIntegerField(null=True, blank=True)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("-created", "-pk")

    def __str__(self) -> str:
        return f"{self.kind} of {self.night}"


class NightScorer(models.Model):
    """An account that may record and edit the hands of someone else's night."""

    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="scorer_rows")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    added = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("added", "pk")
        constraints = (
            models.UniqueConstraint(fields=["night", "user"], name="scorer_unique_user"),
        )

    def __str__(self) -> str:
        return f"{self.user} scores {self.night}"


class ScorerLink(models.Model):
    """A revocable link that makes whoever opens it (logged in) a co-scorer of the night."""

    night = models.OneToOneField(Night, on_delete=models.CASCADE, related_name="scorer_link")
    token = models.CharField(max_length=64, unique=True)
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"scorer link of {self.night}"


class WriteReceipt(models.Model):
    """A write's key and what it wrote, so that a repeat is the same save.

    A phone makes the key when it renders a form or button (a retry after a lost answer, an
    offline queue sending again, a double tap all carry the same key). The first write with a
    key stores this row in its own transaction; a repeat finds it and answers with the first
    outcome instead of writing again. `digest` fingerprints what was sent: the same key with
    other contents is not a repeat (an old form reused), and is refused as a conflict.
    """

    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="receipts")
    key = models.CharField(max_length=64)
    kind = models.CharField(max_length=20)  # hand, edit, delete, restore, event, night, rules
    digest = models.CharField(max_length=64)
    hand = models.ForeignKey(
        Hand, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = (models.UniqueConstraint(fields=["night", "key"], name="receipt_unique_key"),)

    def __str__(self) -> str:
        return f"{self.kind} {self.key} of {self.night}"


class AddressUse(models.Model):
    """One counted use of a limited action (a sign-up, a password-reset mail, an invite of
    an unknown name) by a client address; `scorebook.limits` counts the recent ones. A row
    in the database, not a cache entry, so every gunicorn worker sees the same count."""

    action = models.CharField(max_length=20)
    # None when the address is unknown: such clients share one count.
    address = models.GenericIPAddressField(null=True, blank=True)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        indexes = (models.Index(fields=["action", "address", "at"], name="address_use_recent"),)

    def __str__(self) -> str:
        return f"{self.action} from {self.address} at {self.at:%Y-%m-%d %H:%M:%S}"


class HandFact(models.Model):
    """One player's part in one live hand, for the statistics (`scorebook/facts.py`).

    Written whenever a hand's caches are (saved, edited, deleted, restored, re-scored), so
    a statistic is a query over these rows, never a replay. A deleted hand has none; a
    deleted night keeps them, and the reads leave its rows out (and the stake, date and
    currency are read from the night, so editing those needs no rewrite)."""

    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="+")
    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="facts")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="facts")
    number = models.PositiveIntegerField()
    role = models.CharField(max_length=10)  # scorebook.engine.facts.ROLES
    level = models.CharField(max_length=30, blank=True)  # the bid or contract
    units = models.FloatField()  # what the hand paid the player (points)
    into_pots = models.FloatField(default=0)  # what he paid into the pots in it
    from_pots = models.FloatField(default=0)  # what the pots paid him in it

    class Meta:
        indexes = (
            models.Index(fields=["player", "night"], name="handfact_player"),
            models.Index(fields=["night", "number"], name="handfact_night"),
        )

    def __str__(self) -> str:
        return f"{self.player_id} in hand {self.number}: {self.role} {self.units}"


class FactItem(models.Model):
    """A figure of one player's side (announced, made) or a contra he said or received
    (its level, and whether it went his side's way) in one live hand."""

    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="+")
    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="fact_items")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=10)  # "figure" or "contra"
    key = models.CharField(max_length=30)  # the figure, or "game"
    announced = models.BooleanField(default=False)
    made = models.BooleanField(default=False)  # figure made / contra went the player's way
    level = models.PositiveSmallIntegerField(default=0)  # contra level
    said = models.BooleanField(default=False)  # the contra was said by the player's side

    class Meta:
        indexes = (
            models.Index(fields=["player", "kind"], name="factitem_player"),
            models.Index(fields=["night"], name="factitem_night"),
        )

    def __str__(self) -> str:
        return f"{self.kind} {self.key} of {self.player_id}"


class FactTotal(models.Model):
    """One player's facts of one night added up under one heading, kept beside the
    `HandFact` rows by `scorebook/facts.py` (each write adds what it adds and takes away what
    it removes), so a page over hundreds of nights reads a few rows per night:

    - kind "role": key = the role, sub = the bid;
    - kind "spread": key = the bucket of the hand result (`facts.SPREAD_TOPS`);
    - kind "pair": key = the other player's id, sub = "with" or "against"; `other_units`
      is what he got in those hands."""

    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=8)
    key = models.CharField(max_length=30)
    sub = models.CharField(max_length=30, blank=True)
    hands = models.IntegerField(default=0)
    won = models.IntegerField(default=0)
    lost = models.IntegerField(default=0)
    units = models.FloatField(default=0)
    other_units = models.FloatField(default=0)

    class Meta:
        constraints = (
            models.UniqueConstraint(
                fields=["night", "player", "kind", "key", "sub"], name="facttotal_unique"
            ),
        )
        indexes = (models.Index(fields=["player", "kind"], name="facttotal_player"),)

    def __str__(self) -> str:
        return f"{self.kind} {self.key} {self.sub} of {self.player_id}: {self.hands}"
