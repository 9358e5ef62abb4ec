"""Board kinds on the sheet, one module per kind, each registering its part (``kinds``):
every module here is imported when the sheet first asks for its kinds."""
