"""Players and their log-ins, without HTTP: sign-up, passwords, log-in sessions, API tokens (`players`,
`logins`), one-time password reset links (`resets`), the key that keeps player names apart (`names`), and who
the current request is for (`current`).

May import games/, app.core, app.db and app.i18n.
"""
