"""The schema of the members router: who the caller is."""

from ninja import Schema


class WhoAmIOut(Schema):
    username: str
