"""The tests of the Python package: ``python3 -m unittest`` from ``python/``."""
