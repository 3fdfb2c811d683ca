"""Pages: typed function views, thin, calling the same domain functions as the API."""
