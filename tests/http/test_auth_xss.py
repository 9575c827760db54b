"""Every text a player types (their name, save and campaign names, token names) comes back escaped."""

from __future__ import annotations

import re

import pytest
from markupsafe import escape

from tests.support.accountkit import accounts_app, all_routes, api_token, sign_up

PAYLOADS = [
    '<script>alert("x")</script>',
    '"><img src=x onerror=alert(1)>',
    "'><svg onload=alert(1)>",
    "</title><b>bold</b>",
]


@pytest.mark.parametrize("payload", PAYLOADS)
def test_payloads_in_every_name_field_come_back_escaped(db_url, payload):
    with accounts_app(db_url) as app:
        admin = sign_up(app, "Admin")
        player = sign_up(app, payload)  # a player's name is free text: it must be shown escaped
        s = player.api("POST", "/api/sessions", json={"game": "adamastor", "seed": 1, "name": payload}).json()
        renamed = player.api("POST", "/api/sessions", json={"game": "adamastor", "seed": 2}).json()
        assert player.form(f"/saves/{renamed['id']}/rename", {"name": payload + "!"}).status_code == 303
        c = player.api("POST", "/api/campaigns", json={"game": "adamastor", "seed": 3, "name": payload}).json()
        for action in (c["legal_actions"][0]["id"], "sail"):
            c = player.api("POST", f"/api/campaigns/{c['id']}/actions",
                           json={"action": action, "version": c["version"]}).json()
        save = player.api("GET", f"/api/sessions/{s['id']}/export").json()
        imported = player.api("POST", "/api/sessions/import?on_shelf=copy", json={**save, "name": payload + "?"})
        assert imported.status_code == 201
        api_token(player, payload)
        ids = {"session_id": s["id"], "campaign_id": c["id"], "index": "1", "slug": "adamastor"}
        pages = [p for m, p in all_routes(app) if m == "GET" and not p.startswith("/api/")
                 and "{player_id}" not in p and "{token_id}" not in p and p != "/openapi.json"]
        seen_escaped: dict[str, int] = {}
        for path in pages:
            url = path
            for key, value in ids.items():
                url = url.replace("{" + key + "}", value)
            for who in (player, admin):
                r = who.client.get(url)
                if "text/html" not in r.headers.get("content-type", ""):
                    continue
                assert payload not in r.text, (url, who.name)
                for variant in (payload, payload + "!", payload + "?"):
                    seen_escaped[variant] = seen_escaped.get(variant, 0) + r.text.count(str(escape(variant)))
        assert all(n > 0 for n in seen_escaped.values()), seen_escaped  # the names were shown, escaped
        admin_page = admin.client.get("/admin").text
        assert str(escape(payload)) in admin_page and payload not in admin_page
        disposition = player.client.get(f"/saves/{s['id']}/export").headers["content-disposition"]
        assert re.fullmatch(r'attachment; filename="[a-z0-9.-]+"; filename\*=UTF-8\'\'[a-z0-9.-]+', disposition)
