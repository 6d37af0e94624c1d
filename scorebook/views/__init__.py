"""Thin function-based views, one module per screen area."""
