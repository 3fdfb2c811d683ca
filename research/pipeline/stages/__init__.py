"""The pipeline's stages, one module each. A stage module declares `STAGE`, a StageSpec: which
stage it is, the rows it writes, whether its failure stops the run and what it means for its
target; its docstring says which rows it reads and which it replaces. engine/registry.py lists
them in pipeline order. Stages import the models, providers, prompts, text and the shared tools
(pipeline/shared/), never each other or the engine."""
