"""One module per variant; each defines `VARIANT` (see `scorebook.engine.types.Variant`)."""
