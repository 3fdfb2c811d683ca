"""What the stages share, with each other and with the engine: the stage contract (context.py),
page downloads (pages.py), search results into sources (results.py), the library as a search
backend (library.py), semantic search (semantic.py) and a step's calls made at once
(parallel.py). Nothing here imports a stage or the engine."""
