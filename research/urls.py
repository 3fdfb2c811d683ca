from django.urls import path

from research import views

urlpatterns = [
    path("", views.project_list, name="project-list"),
    path("health/", views.health, name="health"),
]
