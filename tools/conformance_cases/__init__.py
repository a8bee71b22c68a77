"""The areas of the conformance suite, one module each (see ``common`` for the building blocks)."""
