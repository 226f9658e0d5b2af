"""Request and response bodies of the HTTP API, kept apart from the domain dataclasses.

Responses are built from domain objects with each model's ``of``; requests turn into the
arguments the ``Memory`` façade takes.
"""
