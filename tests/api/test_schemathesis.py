"""Schemathesis against the app's own OpenAPI schema, as a logged-in player (a personal API token).

Generated requests for every operation of the JSON API (valid and invalid bodies, odd ids and query
values): no answer may be a 5xx, and every answer must match the schema (status code documented,
content type, body shape, headers). Bounded by MAX_EXAMPLES per operation so the whole run takes
about a minute; the player owns a game and a campaign, so lists and their shapes are exercised too.
"""

from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tests.support.accountkit import accounts_app, api_token, bearer, sign_up

MAX_EXAMPLES = 15
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance,
          response_headers_conformance]


def _operations(schema) -> list:
    found = [result.ok() for result in schema.get_all_operations()]
    assert len(found) >= 18, [op.label for op in found]  # every operation of the API was read
    return found


@pytest.mark.slow
@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE])
def test_the_api_keeps_to_its_schema(db_url, mode):
    with accounts_app(db_url) as app:
        player = sign_up(app, "Fuzzer")
        headers = bearer(api_token(player, "schemathesis"))
        player.api("POST", "/api/sessions", json={"game": "adamastor", "seed": 5, "name": "Fuzzed game"})
        player.api("POST", "/api/campaigns", json={"game": "adamastor", "seed": 6, "name": "Fuzzed campaign"})
        schema = schemathesis.openapi.from_asgi("/openapi.json", app)
        calls = 0
        for operation in _operations(schema):

            @given(case=operation.as_strategy(generation_mode=mode))
            @settings(max_examples=MAX_EXAMPLES, deadline=None, database=None, derandomize=True,
                      suppress_health_check=list(HealthCheck))
            def run(case) -> None:
                nonlocal calls
                calls += 1
                case.call_and_validate(headers=headers, checks=CHECKS)

            try:
                run()
            except Unsatisfiable:
                # Nothing invalid can be made for an operation without parameters or body (GET /api/games).
                assert mode == GenerationMode.NEGATIVE, operation.label
        assert calls >= 100
