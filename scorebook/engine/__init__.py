"""Scorebook's scoring engine: pure Python, standard library only.

The web app imports this package; it never imports the web app (nor Django).
"""
