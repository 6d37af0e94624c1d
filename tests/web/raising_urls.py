"""The site's URLs plus one view that fails, for the error-logging tests."""

from django.http import HttpRequest, HttpResponse
from django.urls import path

from scorebook.urls import urlpatterns as site


def boom(request: HttpRequest) -> HttpResponse:
    raise ValueError("the scorer tripped over a hand")


urlpatterns = [path("boom/here/", boom), *site]
