"""The pipeline's stages, one module each. A stage module declares `STAGE`, a StageSpec: which
rows it reads, which rows it replaces, and what its failure means. pipeline/registry.py lists
them in pipeline order. Stages import only the models, the providers, the prompts, the errors
and the context (pipeline/context.py), never each other or the engine."""
