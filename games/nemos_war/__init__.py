"""Nemo's War (1st edition): rules, components and bots."""
