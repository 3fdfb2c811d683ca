"""The engine: the stage registry, the scheduler, the queue and the worker's step pool.

Its modules import downwards in this order: sweeper and warmup; registry; flow and pool; runner
and state; liveness. Only registry.py imports the stages.
"""
