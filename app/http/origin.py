"""Is a state-changing request from the app's own pages? `Origin`, `Referer` and `Sec-Fetch-Site`.

The app's own origin is `scheme://Host` of the request itself: the `Host` header (already checked
against ALLOWED_HOSTS) and the scheme the request arrived with, which behind a TLS proxy is the proxy's
`X-Forwarded-Proto` when the proxy is one of TRUSTED_PROXIES (see `proxies`). So a proxy must pass on
the Host the browser used (nginx: `proxy_set_header Host $http_host`) and the scheme; default ports
(80 for http, 443 for https) are the same as none.

An unsafe request (POST, PUT, PATCH, DELETE) is refused when:
- `Sec-Fetch-Site` is there and is neither `same-origin` nor `none` (`same-site` is another port or a
  sibling host name: another site for the app's purposes);
- `Origin` is there and is not the app's own (`null` included);
- there is no `Origin` but a `Referer` whose origin is not the app's own.
A request with none of them (curl, a script with a bearer token, an old browser) is judged by its
credentials alone: a bearer token needs nothing more, a log-in cookie still needs its CSRF token.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from games.engine import words

UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})
DEFAULT_PORTS = {"http": 80, "https": 443}
FETCH_SITES_OK = frozenset({"same-origin", "none"})


def _origin_of(url: str) -> tuple[str, str, int] | None:
    """(scheme, host, port) of a URL, with the default port filled in; None when it has no host."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in DEFAULT_PORTS or not parts.hostname:
        return None
    return scheme, parts.hostname.lower().rstrip("."), port or DEFAULT_PORTS[scheme]


def own_origin(scheme: str, host_header: str) -> str:
    return f"{scheme}://{host_header.strip().lower()}"


def refusal(method: str, headers: dict[str, str], scheme: str, host_header: str) -> str | None:
    """Why this request may not change anything (a sentence for the 403), or None when it may."""
    if method not in UNSAFE:
        return None
    site = headers.get("sec-fetch-site", "").strip().lower()
    if site and site not in FETCH_SITES_OK:
        return words("This request came from another site (Sec-Fetch-Site: {site}), and only this site's own "
                     "pages may change anything here.", site=site[:40])
    mine = own_origin(scheme, host_header)
    origin = headers.get("origin")
    if origin is not None:
        claimed, what = origin, "Origin"
    elif headers.get("referer"):
        claimed, what = headers["referer"], "Referer"
    else:
        return None
    if _origin_of(claimed) is not None and _origin_of(claimed) == _origin_of(mine):
        return None
    shown = claimed[:100] if what == "Origin" else (_shown_origin(claimed) or words("an unreadable address"))
    theirs, ours = _origin_of(claimed), _origin_of(mine)
    if theirs and ours and theirs[0] == "https" and ours[0] == "http" and theirs[1] == ours[1]:
        return words("This request came from {shown} ({what}), not from this site ({mine}): only this site's own "
                     "pages may change anything here. The page was served over HTTPS but the app saw plain HTTP: "
                     "behind a TLS proxy, list the proxy in TRUSTED_PROXIES and let it send X-Forwarded-Proto.",
                     shown=shown, what=what, mine=mine[:100])
    return words("This request came from {shown} ({what}), not from this site ({mine}): only this site's own "
                 "pages may change anything here.", shown=shown, what=what, mine=mine[:100])


def _shown_origin(url: str) -> str | None:
    found = _origin_of(url)
    if found is None:
        return None
    scheme, host, port = found
    return f"{scheme}://{host}" + ("" if port == DEFAULT_PORTS[scheme] else f":{port}")
