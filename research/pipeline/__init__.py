"""The research pipeline: the engine runs the stages, which share a few tools. Each folder
imports only the ones below it (make test checks):

  engine/    registry.py (the stages in order; run one step), flow.py (the scheduler: after each
             step, what can run next), runner.py (the queue: enqueue, claim with compare-and-set,
             lease, record), state.py (the scheduler's reads), pool.py (a worker process's
             threads), liveness.py (whether a claiming process has ended), sweeper.py (the
             watchdog), warmup.py (a worker's start-up costs, paid before its first step)
  stages/    one module per stage, each declaring its contract (a StageSpec) and saying which
             rows it reads and which it replaces; stages never import each other
  shared/    what the stages and the engine share: context.py (StageSpec and the StepContext a
             stage runs with), pages.py (a download into the page cache), results.py (search
             results into sources), library.py (the search backend of a project, and a library
             passage as a page), semantic.py (passage embeddings and hybrid search)

What members do to a run (start, cancel, rerun, refresh) is in research/services/, above it.
This package's __init__ imports nothing, so importing any engine module never imports a stage.
"""
