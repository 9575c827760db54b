"""What players send in, checked at the door: save files, names, request bodies.

- `json_files.parse_json_file(raw)`: the one parser of every imported file (API, pages, CLI): UTF-8
  with or without a byte-order mark, at most `MAX_DEPTH` levels deep, refused with a clear reason.
- `names.check_name(name)`: the one rule for the names of games and campaigns (no control, bidi or
  surrogate characters).
- `body_limit.BodyLimitMiddleware`: no request body past the largest import, refused as a 413 before
  any route runs when its length is declared, and cut off as it arrives when it is not.
"""
