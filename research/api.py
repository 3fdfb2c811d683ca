"""The REST API's routes. Handlers are thin: they call the same functions as the views."""

from ninja import Router, Schema

router = Router()


class WhoAmIOut(Schema):
    username: str


@router.get("/me", response=WhoAmIOut)
def me(request):
    return {"username": request.auth.get_username()}
