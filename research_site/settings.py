"""Dossier settings: one file, every value from the environment, parsed strictly.

A bad value stops start-up with an ImproperlyConfigured error that names the variable.
The README's configuration table lists every variable read here.
"""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path
from typing import Any

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from research_site import keyfile
from research_site.env import (  # noqa: F401 - tests reach them as settings.envmcp etc.
    envbool,
    envchoice,
    envchoices,
    envdomains,
    envengines,
    envfloat,
    envhosts,
    envint,
    envlist,
    envmcp,
    envstr,
    envurl,
)

BASE_DIR = Path(__file__).resolve().parent.parent


def _secret_key(data_dir: Path, debug: bool) -> str:
    """SECRET_KEY, else the generated key file (made here when DEBUG is on)."""
    key = envstr("SECRET_KEY")
    if key:
        return key
    key_file = keyfile.key_path(data_dir)
    if debug:
        keyfile.create(key_file)
    if not key_file.exists():
        raise ImproperlyConfigured(
            f"SECRET_KEY must be set when DEBUG is off and there is no generated key in "
            f"{key_file}: set SECRET_KEY, or generate the file with `make run` or "
            f"`python -m research_site.keyfile`"
        )
    key = keyfile.read(key_file)
    if not key:
        raise ImproperlyConfigured(
            f"{key_file} is empty: delete it to have a new SECRET_KEY generated, or set SECRET_KEY"
        )
    return key


def _database(data_dir: Path) -> dict[str, Any]:
    url = envstr("DATABASE_URL", f"sqlite:///{data_dir / 'dossier.sqlite3'}")
    try:
        # Workers keep their connection between tasks (django-q2 closes it once it is older
        # than this, or broken): opening one costs more than a step's own queries.
        parsed = dj_database_url.parse(url, conn_max_age=60, conn_health_checks=True)
    except Exception as exc:  # dj_database_url raises several types for bad URLs
        raise ImproperlyConfigured(
            f"DATABASE_URL is not a database URL we understand: {exc}"
        ) from None
    config: dict[str, Any] = dict(parsed)
    if config["ENGINE"] == "django.db.backends.sqlite3":
        config["OPTIONS"] = {
            # Django reads these keys for SQLite (5.1+): WAL lets readers run during writes,
            # IMMEDIATE takes the write lock at BEGIN so two writers never deadlock on upgrade.
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            "transaction_mode": "IMMEDIATE",
            "timeout": envint("SQLITE_BUSY_TIMEOUT", 30, minimum=1),
        }
        config["TEST"] = {"NAME": str(data_dir / "test-db.sqlite3")}
    return config


DATA_DIR = keyfile.data_dir()
DEBUG = envbool("DEBUG", False)
SECRET_KEY = _secret_key(DATA_DIR, DEBUG)
ALLOWED_HOSTS = envlist("ALLOWED_HOSTS", "127.0.0.1,localhost")
CSRF_TRUSTED_ORIGINS = envlist("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "research",  # before django_q: its `qcluster` command is ours (research/management)
    "django_q",
    "ninja",
    "axes",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "research.middleware.UploadLimitMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "research.middleware.LoginRequiredMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "research.middleware.DossierErrorMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "research.middleware.ContentSecurityPolicyMiddleware",
    "axes.middleware.AxesMiddleware",  # last, as django-axes asks: answers a locked-out sign-in
]

ROOT_URLCONF = "research_site.urls"
WSGI_APPLICATION = "research_site.wsgi.application"
ASGI_APPLICATION = "research_site.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {"default": _database(DATA_DIR)}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "project-list"
LOGOUT_REDIRECT_URL = "login"

LANGUAGE_CODE = "en-us"
TIME_ZONE = envstr("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

# `manage.py serve` runs collectstatic into STATIC_ROOT (a fraction of a second); whitenoise
# serves it, hashed names cached for ever (with DEBUG on, straight from static/ too). Not
# pre-compressed: gzip and brotli of django-ninja's 24 MB of API-docs bundles took a minute at
# every start; a TLS proxy in front can compress.
STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = DATA_DIR / "staticfiles"
STATIC_ROOT.mkdir(exist_ok=True)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.ManifestStaticFilesStorage"},
}

SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = False
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"

# --- Web server and HTTPS ----------------------------------------------------------------
# `manage.py serve` runs gunicorn's asgi worker: WEB_WORKERS processes, each serving the site
# (on a pool of WEB_THREADS threads, one request each at a time) and the MCP endpoint at /mcp.
WEB_WORKERS = envint("WEB_WORKERS", 2, minimum=1, maximum=64)
WEB_THREADS = envint("WEB_THREADS", 4, minimum=1, maximum=256)
# How long start_research, asked for progress over MCP, follows the run before it answers.
MCP_FOLLOW_SECONDS = envint("MCP_FOLLOW_SECONDS", 600, minimum=0, maximum=86_400)
# HTTPS=1: the site is reached over HTTPS only (cookies, redirect, HSTS). TRUST_PROXY=1: a TLS
# proxy in front says which scheme and host the client used; only when nothing else can reach
# the web server.
HTTPS = envbool("HTTPS", False)
TRUST_PROXY = envbool("TRUST_PROXY", False)
if HTTPS:
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_SSL_REDIRECT = True
    SECURE_HSTS_SECONDS = envint("HSTS_SECONDS", 31_536_000, minimum=0)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = envbool("HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = envbool("HSTS_PRELOAD", True)
if TRUST_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    USE_X_FORWARDED_HOST = True

# Notifications of new report versions: email to watchers, a signed POST to a project's webhook.
# SITE_URL is how links in them start. EMAIL_HOST set: mail goes out by SMTP; else to the console.
SITE_URL = envurl("SITE_URL", "http://127.0.0.1:8000").rstrip("/")
SITE_URL_SET = bool(envstr("SITE_URL"))  # unset: an export's links start as its request did
EMAIL_HOST = envstr("EMAIL_HOST")
EMAIL_BACKEND = envstr(
    "EMAIL_BACKEND",
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend",
)
EMAIL_PORT = envint("EMAIL_PORT", 587, minimum=1, maximum=65535)
EMAIL_HOST_USER = envstr("EMAIL_HOST_USER")
EMAIL_HOST_PASSWORD = envstr("EMAIL_HOST_PASSWORD")
EMAIL_USE_TLS = envbool("EMAIL_USE_TLS", True)
EMAIL_TIMEOUT = envint("EMAIL_TIMEOUT", 20, minimum=1)
DEFAULT_FROM_EMAIL = envstr("DEFAULT_FROM_EMAIL", "dossier@localhost")
WEBHOOK_ATTEMPTS = envint("WEBHOOK_ATTEMPTS", 3, minimum=1, maximum=10)
WEBHOOK_BACKOFF_SECONDS = envfloat("WEBHOOK_BACKOFF_SECONDS", 2.0)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    # A root handler of our own, so that no library installs its own (the mcp SDK's FastMCP
    # calls logging.basicConfig): warnings of every library, in our format.
    "root": {"handlers": ["console"], "level": "WARNING"},
    "loggers": {
        "research": {
            "handlers": ["console"],
            "level": envstr("LOG_LEVEL", "INFO").upper(),
            "propagate": False,
        },
        "django.request": {"level": "ERROR"},  # a 404 is an answer, not a warning
        "django_q": {"handlers": ["console"], "level": "WARNING", "propagate": False},
    },
}

# --- Worker (django-q2) ------------------------------------------------------------------
# Each worker process runs up to WORKER_THREADS steps at once on threads (a step mostly waits on
# the network), claiming them from the database; a django-q2 task only wakes a process. A running
# step holds a lease of STEP_LEASE_SECONDS, renewed by its process's heartbeat: when a worker
# dies, its steps are claimed again by another within about that long. WORKER_TIMEOUT is the
# longest one step may run before it is presumed stuck. timeout < retry, as django-q2 requires.
WORKER_TIMEOUT = envint("WORKER_TIMEOUT", 600, minimum=2)
WORKER_RETRY = envint("WORKER_RETRY", WORKER_TIMEOUT + 60, minimum=WORKER_TIMEOUT + 1)
WORKER_MAX_ATTEMPTS = 3  # claims of one step before the watchdog fails it
WORKER_THREADS = envint("WORKER_THREADS", 32, minimum=1, maximum=256)
STEP_LEASE_SECONDS = envint("STEP_LEASE_SECONDS", 30, minimum=3, maximum=3600)
# How often an idle worker process looks in the database for steps nobody woke it for.
WORKER_POLL_SECONDS = envfloat("WORKER_POLL_SECONDS", 0.5, minimum=0.1)
REDIS_URL = envurl("REDIS_URL", schemes=("redis", "rediss", "unix"))
Q_CLUSTER = {
    "name": "dossier",
    "workers": envint("WORKER_PROCESSES", 2, minimum=1, maximum=64),
    "timeout": WORKER_TIMEOUT,
    "retry": WORKER_RETRY,
    "max_attempts": WORKER_MAX_ATTEMPTS,
    "ack_failures": True,
    "catch_up": False,
    "save_limit": 1000,
    "poll": 0.2,
    "label": "Worker",
}
if REDIS_URL:
    Q_CLUSTER["redis"] = REDIS_URL
else:
    Q_CLUSTER["orm"] = "default"

# --- LLM ---------------------------------------------------------------------------------
LLM_BASE_URL = envurl("LLM_BASE_URL", envstr("OPENAI_BASE_URL"))
LLM_API_KEY = envstr("LLM_API_KEY", envstr("OPENAI_API_KEY"))
LLM_MODEL = envstr("LLM_MODEL")
LLM_FAST_MODEL = envstr("LLM_FAST_MODEL") or LLM_MODEL
LLM_TIMEOUT = envint("LLM_TIMEOUT", 120, minimum=1)
LLM_MAX_RETRIES = envint("LLM_MAX_RETRIES", 3, minimum=0, maximum=10)
# A call rate-limited (429) is retried, as the server's Retry-After asks, for this long at most.
LLM_RETRY_MAX_SECONDS = envint("LLM_RETRY_MAX_SECONDS", 300, minimum=0)
# 0: the window is discovered from the server (and from its refusals); a number overrides it.
LLM_CONTEXT_TOKENS = envint("LLM_CONTEXT_TOKENS", 0, minimum=0)
if 0 < LLM_CONTEXT_TOKENS < 2000:
    raise ImproperlyConfigured(
        f"LLM_CONTEXT_TOKENS must be 0 (discover it) or at least 2000, got {LLM_CONTEXT_TOKENS}"
    )
# The most one answer may ask for when the first limit cut it off (thinking models need room).
LLM_MAX_OUTPUT_TOKENS = envint("LLM_MAX_OUTPUT_TOKENS", 16000, minimum=256)
LLM_MAX_CONCURRENCY = envint("LLM_MAX_CONCURRENCY", 24, minimum=1, maximum=256)
LLM_PRICE_INPUT = envfloat("LLM_PRICE_INPUT", 0.0)  # USD per million prompt tokens
LLM_PRICE_OUTPUT = envfloat("LLM_PRICE_OUTPUT", 0.0)  # USD per million completion tokens

# --- Embeddings (the library's optional semantic search) -----------------------------------
# Empty: the library is searched by BM25 alone. Set: an OpenAI-compatible /v1/embeddings model.
EMBEDDING_MODEL = envstr("EMBEDDING_MODEL")
EMBEDDING_BASE_URL = envurl("EMBEDDING_BASE_URL", LLM_BASE_URL)
EMBEDDING_API_KEY = envstr("EMBEDDING_API_KEY", LLM_API_KEY)
EMBEDDING_BATCH = envint("EMBEDDING_BATCH", 64, minimum=1, maximum=2048)  # texts per request

# --- Search ------------------------------------------------------------------------------
SEARCH_PROVIDER = envchoice(
    "SEARCH_PROVIDER", "duckduckgo", {"duckduckgo", "searxng", "tavily", "brave", "serper"}
)
SEARXNG_URL = envurl("SEARXNG_URL")
TAVILY_API_KEY = envstr("TAVILY_API_KEY")
TAVILY_URL = envurl("TAVILY_URL", "https://api.tavily.com")  # its API's base (tests: a fake)
BRAVE_API_KEY = envstr("BRAVE_API_KEY")
SERPER_API_KEY = envstr("SERPER_API_KEY")
SEARCH_TIMEOUT = envint("SEARCH_TIMEOUT", 20, minimum=1)
SEARCH_MAX_CONCURRENCY = envint("SEARCH_MAX_CONCURRENCY", 16, minimum=1, maximum=64)
# When the project's web engine fails for good on a query, the query tries these in turn
# (unset: the configured ones of searxng, brave, serper, tavily, duckduckgo; "none": no failover).
SEARCH_FAILOVER = envengines(
    "SEARCH_FAILOVER", ("searxng", "brave", "serper", "tavily", "duckduckgo")
)
# Never searched nor fetched, for every project (patterns as in a project's domains.deny).
SEARCH_DENY_DOMAINS = envdomains("SEARCH_DENY_DOMAINS")

# --- MCP servers as sources ---------------------------------------------------------------
# Each server's search tools are a project's source "mcp:NAME" (README: MCP servers as sources).
MCP_SERVERS = envmcp("MCP_SERVERS")

# --- Scholarly sources --------------------------------------------------------------------
# The APIs a project's "scholarly" source asks, each key-free (README: Scholarly sources).
SCHOLARLY_APIS = {"openalex", "arxiv", "pubmed", "crossref", "semanticscholar"}
SCHOLARLY_PROVIDERS = envchoices(
    "SCHOLARLY_PROVIDERS", "openalex,arxiv,pubmed,crossref", SCHOLARLY_APIS
)
SCHOLARLY_MAILTO = envstr("SCHOLARLY_MAILTO")  # the contact the APIs' etiquette asks for
SCHOLARLY_PACING = envbool("SCHOLARLY_PACING", True)  # each API's documented request spacing
OPENALEX_URL = envurl("OPENALEX_URL", "https://api.openalex.org")
ARXIV_URL = envurl("ARXIV_URL", "http://export.arxiv.org/api")
PUBMED_URL = envurl("PUBMED_URL", "https://eutils.ncbi.nlm.nih.gov/entrez/eutils")
PUBMED_API_KEY = envstr("PUBMED_API_KEY")
CROSSREF_URL = envurl("CROSSREF_URL", "https://api.crossref.org")
SEMANTIC_SCHOLAR_URL = envurl("SEMANTIC_SCHOLAR_URL", "https://api.semanticscholar.org")
SEMANTIC_SCHOLAR_API_KEY = envstr("SEMANTIC_SCHOLAR_API_KEY")

# --- Fetch -------------------------------------------------------------------------------
FETCH_ALLOW_HOSTS = envhosts("FETCH_ALLOW_HOSTS")
FETCH_CACHE_TTL_HOURS = envint("FETCH_CACHE_TTL_HOURS", 24 * 7, minimum=0)
FETCH_MAX_BYTES = envint("FETCH_MAX_BYTES", 10 * 1024 * 1024, minimum=1024)
FETCH_MAX_CONCURRENCY = envint("FETCH_MAX_CONCURRENCY", 16, minimum=1, maximum=64)
FETCH_MAX_PER_HOST = envint("FETCH_MAX_PER_HOST", 2, minimum=1, maximum=16)
FETCH_USER_AGENT = envstr(
    "FETCH_USER_AGENT",
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/130.0 Safari/537.36 Dossier/0.1",
)

# --- Figures from sources -----------------------------------------------------------------
# A fetched page's figures (<figure> images with their captions, images with a meaningful alt):
# the first FIGURE_MAX_PER_PAGE of each page downloaded through the choke point, no larger than
# FIGURE_MAX_BYTES, decoded and re-encoded by Pillow, which refuses more than FIGURE_MAX_PIXELS
# pixels (a decompression bomb); an image under FIGURE_MIN_SIDE pixels on a side is no figure.
# A report shows at most REPORT_FIGURES_PER_SECTION of them under each section (0: none).
FIGURE_MAX_PER_PAGE = envint("FIGURE_MAX_PER_PAGE", 4, minimum=0, maximum=50)
FIGURE_MAX_BYTES = envint("FIGURE_MAX_BYTES", 5 * 1024 * 1024, minimum=1024)
FIGURE_MAX_PIXELS = envint("FIGURE_MAX_PIXELS", 40_000_000, minimum=10_000)
FIGURE_MIN_SIDE = envint("FIGURE_MIN_SIDE", 200, minimum=1)
REPORT_FIGURES_PER_SECTION = envint("REPORT_FIGURES_PER_SECTION", 1, minimum=0, maximum=10)
# Image search (off by default): each section's first query also asks the web engine's image
# search (SearXNG, Brave, Tavily); its first IMAGE_SEARCH_RESULTS images with their page become
# figures of that page's source, the page a result of the query like the others.
IMAGE_SEARCH = envbool("IMAGE_SEARCH", False)
IMAGE_SEARCH_RESULTS = envint("IMAGE_SEARCH_RESULTS", 2, minimum=1, maximum=10)

# --- Runs --------------------------------------------------------------------------------
DEFAULT_TOKEN_BUDGET = envint("DEFAULT_TOKEN_BUDGET", 400_000, minimum=1000)
# A new project asks clarifying questions of an ambiguous question unless its options say not.
CLARIFY_DEFAULT = envbool("CLARIFY_DEFAULT", False)

# --- Library -----------------------------------------------------------------------------
# Uploaded documents live under DATA_DIR/library. A larger upload gets a 413 before it is stored;
# an archive format (DOCX, PPTX, EPUB) that would unpack to more than the second cap is refused.
LIBRARY_MAX_UPLOAD_MB = envint("LIBRARY_MAX_UPLOAD_MB", 100, minimum=1, maximum=10_000)
LIBRARY_MAX_UNCOMPRESSED_MB = envint("LIBRARY_MAX_UNCOMPRESSED_MB", 500, minimum=1)
# An extraction still running after this long (a worker died) is queued again, three times at most.
LIBRARY_EXTRACT_TIMEOUT = envint("LIBRARY_EXTRACT_TIMEOUT", 600, minimum=10)
# OCR (Tesseract, in a process of its own) reads images and the PDF pages whose text layer is
# empty or not text, in the library and in fetched web PDFs alike: in these Tesseract languages
# (joined by "+"; Debian's tesseract-ocr-<code> packages hold their data), each page within
# LIBRARY_OCR_PAGE_SECONDS; a file with more pages to read than LIBRARY_OCR_MAX_PAGES fails,
# none read. Keep pages x seconds per page (about 3) under LIBRARY_EXTRACT_TIMEOUT.
LIBRARY_OCR_LANGUAGES = envstr("LIBRARY_OCR_LANGUAGES", "eng+chi_sim")
if not re.fullmatch(r"[A-Za-z_]+(\+[A-Za-z_]+)*", LIBRARY_OCR_LANGUAGES):
    raise ImproperlyConfigured(
        "LIBRARY_OCR_LANGUAGES must be Tesseract language codes joined by '+' (eng+chi_sim); "
        f"got {LIBRARY_OCR_LANGUAGES!r}"
    )
LIBRARY_OCR_PAGE_SECONDS = envint("LIBRARY_OCR_PAGE_SECONDS", 60, minimum=1)
LIBRARY_OCR_MAX_PAGES = envint("LIBRARY_OCR_MAX_PAGES", 100, minimum=1)

# --- Trash -------------------------------------------------------------------------------
# A deleted project waits in the trash this many days, where any member can restore it; then the
# watchdog deletes it for good.
TRASH_DAYS = envint("TRASH_DAYS", 30, minimum=1, maximum=3650)

# Sign-in that resists guessing (django-axes): LOGIN_MAX_FAILURES failed sign-ins for one member
# from one address within LOGIN_COOLOFF_MINUTES lock that member out from that address for as
# long (other addresses still work; an admin unlocks from the admin's Access attempts). Bad API
# tokens from one address count the same way and end in 429 with Retry-After.
LOGIN_MAX_FAILURES = envint("LOGIN_MAX_FAILURES", 10, minimum=1, maximum=10_000)
LOGIN_COOLOFF_MINUTES = envint("LOGIN_COOLOFF_MINUTES", 15, minimum=1, maximum=10_080)
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = LOGIN_MAX_FAILURES
AXES_COOLOFF_TIME = timedelta(minutes=LOGIN_COOLOFF_MINUTES)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_CLIENT_IP_CALLABLE = "research.services.signins.client_address"
AXES_LOCKOUT_CALLABLE = "research.middleware.lockout_response"
AXES_VERBOSE = False  # our own log line says who and from where
