"""The API's explicit input and output schemas, one module per router (research/api/<name>.py
uses schemas/<name>.py; common.py holds what they share). Every field is listed: nothing leaks
by default. Every JSON body is an InSchema: an unknown key or a value of the wrong type is a 422
naming the field. Allowed values come from the models' TextChoices (`OneOf`), defined once."""
