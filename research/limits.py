"""Sizes every layer agrees on: one constant per limit.

The models size their columns with them, the forms and the API schemas accept no more, and the
pipeline cuts what it stores to them, so one limit cannot say two things. This module is a leaf.
"""

QUESTION_MAX = 4000  # characters of a research question
QUERY_MAX = 500  # characters of a search query
HEADING_MAX = 300  # a project's or a section's title
GOAL_MAX = 5000  # what a section must establish
SOURCE_TITLE_MAX = 500  # a page's title
URL_MAX = 2000  # a source's address
LANGUAGE_MAX = 40  # "English", "中文"...
NOTE_MAX = 20_000  # characters of a member's note
ERROR_MAX = 4000  # the reason stored on a failed step or project
FETCH_REASON_MAX = 2000  # why a page could not be fetched
CONTENT_TYPE_MAX = 200
DETAIL_MAX = 300  # the short line a step shows ("12 results")
COLLECTION_NAME_MAX = 200  # a library collection's name
DESCRIPTION_MAX = 5000  # a collection's description
FILENAME_MAX = 255  # an uploaded file's name
FOLDER_MAX = 255  # the folder it was uploaded from ("archive/2025")
LOCATOR_MAX = 500  # where a passage is: "p. 14", "slide 3", a heading path
SEARCH_TERMS_MAX = 500  # characters of a library search
# Characters of a report a member edits by hand. At worst a character is 12 bytes of a request
# (a JSON surrogate pair, or four percent-encoded bytes of a form), so this many always fits
# Django's DATA_UPLOAD_MAX_MEMORY_SIZE (2.5 MiB), which would otherwise refuse the body itself.
REPORT_EDIT_MAX = 200_000
INSTRUCTION_MAX = 2000  # what a member asks a section's rewrite to do
FEEDBACK_MAX = 2000  # a member's written feedback on a plan
CLARIFY_QUESTION_MAX = 500  # a clarifying question asked before planning
CLARIFY_ANSWER_MAX = 500  # a member's answer to it, or one of the answers offered
ID_MAX = 2**53  # the largest row id accepted: bigger numbers are ids in no supported database
