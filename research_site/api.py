"""The REST API: one NinjaAPI that mounts the research app's router."""

from ninja import NinjaAPI

from research.api import router
from research.auth import api_auth, docs_require_member

api = NinjaAPI(
    title="Dossier API",
    version="1",
    auth=api_auth,
    urls_namespace="api",
    docs_decorator=docs_require_member,
)
api.add_router("/", router)
