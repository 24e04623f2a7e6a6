"""The hand-written resource classes: each extends the generated methods of ``learnkit._generated.resources`` with
the methods the resource map marks ``custom`` (docs/decisions.md#d-python-hand-written-methods). ``pnpm gen`` reads
which classes are
here and builds each family's tree (``learnkit._generated.client``) with them."""
