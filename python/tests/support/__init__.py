"""Helpers of the tests: the repository's paths, the mock platform as a process, the TypeScript builders."""
