"""Pages: typed function views, thin: they parse, load rows through the selectors, call the
same services as the API (research/services/) and render."""
