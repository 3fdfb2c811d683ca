"""What members do, one module per feature. Pages, the API, tasks and commands all call these.

projects     create a project, change its options, its refresh schedule; counts and search
outline      edit the plan: sections and queries, added, changed, moved or deleted
plan_feedback  written feedback on a plan under review: the plan made again with it, the changes
sources      add a page by hand; exclude or pin a source
runs         start, cancel, resume, approve; rerun a query or a source; a new report version
edits        a member's hand edit of the report: a new version by that member
refreshes    refresh a finished project: recheck its pages, look for what is new
library      collections and documents: store, read in the worker, search, save a web page
questions    follow-up questions, and researching what the sources do not cover
claims       a report version's claim ledger, and members' reviews of claims
notes        notes on a project and its parts
watching     watchers, a project's webhook, announcing a new version
trash        trash, restore, delete for good, and the automatic purge
api_tokens   members' API tokens
signins      sign-in lockouts after repeated failures, and bad tokens (django-axes)
backup       back up and restore the database
health       whether the database answers and the worker runs
llm_check    how each configured model is asked, and what the workers learnt
selectors    the reads pages and the API share, each raising the one NotFound

Writes take keyword-only arguments, the acting member among them (`user=`), and raise errors of
the one family (research/errors.py); they never return error strings.
"""
