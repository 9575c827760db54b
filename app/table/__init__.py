"""Presentation helpers every game's table shares: what the action bar above the board holds
(`bar.action_bar`). Words a player reads stay in templates; this package only picks and orders."""
