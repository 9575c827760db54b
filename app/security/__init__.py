"""Guards in front of every route: which host names, origins, proxies and bodies the app accepts.

- `hosts`: the `Host` header must name this shelf (`ALLOWED_HOSTS`), which defeats DNS rebinding.
- `origin`: a request that changes something must come from the app's own pages (`Origin`, `Referer`,
  `Sec-Fetch-Site`), in every mode; a script sending neither header is judged by its credentials.
- `proxies`: `X-Forwarded-For` / `-Proto` are believed only from `TRUSTED_PROXIES`.
- `guard`: the ASGI middleware that applies the three, and that the JSON API takes only JSON bodies.
- `names`: the key that makes player names unique: NFKC, case-folded, and confusables folded together.
"""
