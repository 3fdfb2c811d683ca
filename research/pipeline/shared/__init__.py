"""What the stages share, with each other and with the engine: the stage contract (context.py),
page downloads (pages.py), search results into sources (results.py), the library as a search
backend (library.py), semantic search (semantic.py), a step's calls made at once
(parallel.py), a page's figures kept (page_figures.py), image search results as figures
(image_search.py) and a report's figures chosen
(report_figures.py) and placed (figures.py). Nothing here imports a stage or the engine."""
