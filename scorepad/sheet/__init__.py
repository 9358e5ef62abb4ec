"""The sheet in progress: the draft, its edits, the live sheet and the play to save (no
Flet, no store; docs/design.md)."""
