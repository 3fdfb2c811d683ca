"""Who am I: the member the request is authenticated as."""

from ninja import Router

from research.api.common import answers
from research.api.schemas.members import WhoAmIOut

router = Router(tags=["members"])


@router.get("/me", response=answers({200: WhoAmIOut}))
def me(request):
    return {"username": request.auth.get_username()}
