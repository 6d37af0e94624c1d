"""`/healthz` for a load balancer or a monitor: is the database there and fully migrated?"""

from __future__ import annotations

import logging

from django.db import DatabaseError, connection
from django.db.migrations.executor import MigrationExecutor
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from scorebook.requests import HtmxRequest

log = logging.getLogger(__name__)


def _problem() -> str | None:
    """What keeps this server from serving nights, or None."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        executor = MigrationExecutor(connection)
        pending = executor.migration_plan(executor.loader.graph.leaf_nodes())
    except DatabaseError as error:
        log.error("health check: database unreachable: %s", error)
        return "database unreachable"
    if pending:
        return f"{len(pending)} migrations not applied"
    return None


@never_cache
@require_safe
def healthz(request: HtmxRequest) -> JsonResponse:
    """200 {"status": "ok"}, or 503 with the problem. No login, never cached."""
    problem = _problem()
    if problem:
        return JsonResponse({"status": "error", "problem": problem}, status=503)
    return JsonResponse({"status": "ok"})
