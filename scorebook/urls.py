from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from scorebook.views import (
    accounts,
    hands,
    health,
    nights,
    players,
    settle,
    share,
    transfer,
)

urlpatterns = [
    path("healthz", health.healthz, name="healthz"),
    path("", nights.home, name="home"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("nights/new/", nights.new_night, name="new_night"),
    path("nights/new/<slug:key>/", nights.setup, name="setup"),
    path("nights/<int:pk>/", nights.night, name="night"),
    path("nights/<int:pk>/sheet.json", nights.sheet, name="sheet"),
    path("nights/<int:pk>/hands/new/", hands.new_hand, name="new_hand"),
    path("nights/<int:pk>/hands/preview/", hands.preview, name="preview"),
    path("nights/<int:pk>/hands/<int:hand_pk>/", hands.edit_hand, name="edit_hand"),
    path("nights/<int:pk>/hands/<int:hand_pk>/preview/", hands.preview, name="preview_edit"),
    path("nights/<int:pk>/hands/<int:hand_pk>/delete/", hands.delete_hand, name="delete_hand"),
    path("nights/<int:pk>/hands/<int:hand_pk>/restore/", hands.restore_hand, name="restore_hand"),
    path("nights/<int:pk>/events/", hands.event, name="event"),
    path("nights/<int:pk>/settle/", settle.settle, name="settle"),
    path("nights/<int:pk>/settle/paid/", settle.mark_paid, name="mark_paid"),
    path("nights/<int:pk>/print/", settle.summary, name="print"),
    path("nights/import/", transfer.import_night, name="import_night"),
    path("nights/<int:pk>/sheet.csv", transfer.sheet_csv, name="sheet_csv"),
    path("nights/<int:pk>/share/", share.share, name="share"),
    path("nights/<int:pk>/share/revoke/", share.revoke, name="revoke_share"),
    # Tokens are URL-safe base64: anything else (a NUL byte, say) is no link, answered 404.
    path("s/<slug:token>/", share.shared, name="shared"),
    path("nights/", players.night_list, name="night_list"),
    path("players/", players.player_list, name="player_list"),
    path("players/<int:pk>/", players.player, name="player"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
]
