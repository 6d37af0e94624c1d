from django.apps import AppConfig


class ScorebookConfig(AppConfig):
    name = "scorebook"
    verbose_name = "Scorebook"
