"""Hand-written methods: classes that extend the generated resources of ``learnkit._generated`` with the methods the
resource map marks ``custom`` (docs/decisions.md#d-i30-custom). ``pnpm gen`` reads which classes are here and builds
the public tree (``learnkit.resources``) with them."""
