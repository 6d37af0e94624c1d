"""The operator's view of nights, players and hands, to find a bad night.

Read-only: a night's caches (seating, states, entries) are written only by services, so an
edit or a delete here would put them out of step with the hands and their history.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from scorebook.models import AddressUse, Club, ClubMember, Hand, Night, Player


class ReadOnlyAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Night)
class NightAdmin(ReadOnlyAdmin):
    list_display = ("id", "owner", "club", "variant", "date", "place", "created")
    list_filter = ("variant", "date")
    list_select_related = ("owner", "club")
    search_fields = ("=id", "owner__username", "place")
    date_hierarchy = "date"


@admin.register(Player)
class PlayerAdmin(ReadOnlyAdmin):
    list_display = ("name", "owner", "club")
    list_select_related = ("owner", "club")
    search_fields = ("name", "owner__username", "club__name")


@admin.register(Club)
class ClubAdmin(ReadOnlyAdmin):
    list_display = ("id", "name", "created_by", "created")
    search_fields = ("=id", "name")


@admin.register(ClubMember)
class ClubMemberAdmin(ReadOnlyAdmin):
    list_display = ("club", "user", "role", "added")
    list_filter = ("role",)
    list_select_related = ("club", "user")
    search_fields = ("club__name", "user__username")


@admin.register(Hand)
class HandAdmin(ReadOnlyAdmin):
    list_display = ("night", "number", "position", "deleted", "updated")
    list_filter = ("deleted",)
    list_select_related = ("night", "night__owner")
    search_fields = ("=night__id", "night__owner__username")
    ordering = ("night", "position")


@admin.register(AddressUse)
class AddressUseAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """The counted sign-ups, reset requests and unknown invitations per address: deleting
    an address's rows lifts its limit early (like Axes' access attempts for log-ins)."""

    list_display = ("action", "address", "at")
    list_filter = ("action",)
    search_fields = ("=address",)
    ordering = ("-at",)

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
