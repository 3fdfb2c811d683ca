"""The research pipeline. Its modules form layers that import only downwards (make test checks):

  registry.py, sweeper.py, warmup.py   the stages in order; run one step; the watchdog
  stages/                              one module per stage, each declaring its contract
  control.py, reruns.py                start, cancel, resume, approve; rerun one target
  flow.py                              the scheduler: after each step, what can run next
  runner.py, state.py, context.py      the queue (enqueue, claim, record); the scheduler's
                                       reads; what a stage gets (StepContext) and declares

Stages import only the models, the providers, the prompts, the errors and the context. This
package's __init__ imports nothing, so importing any engine module never imports a stage.
"""
