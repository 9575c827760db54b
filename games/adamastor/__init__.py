"""Adamastor (Ludonova, 2025), Classic Mode: the rules engine, its components loader and its bots."""
