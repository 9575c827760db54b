"""Staying up under load: a crowd waits its turn and is told so, a slow client holds nothing back.

- `overload`: a request that cannot get a database connection in time (the pool's timeout, SQLite's
  "database is locked", PostgreSQL refusing or dropping connections) is answered 503 with Retry-After,
  never 500 (`install(app)`).
- `release`: `ReleasingRoute`, the route class of every router: a sync route hands its database
  connection back to the pool the moment its function returns, before FastAPI waits for another thread
  to check the answer and before the answer goes out over the network.
- `health`: `/healthz` runs on threads of its own, so a queue of requests for the shared worker threads
  cannot make it late.

Together with app/http/auth.py (the log-in lookup uses a short-lived session of its own) this keeps the rule:
no request holds a database connection while it waits on the network or on a thread.
"""
