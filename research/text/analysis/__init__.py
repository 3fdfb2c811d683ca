"""Figures as data: amounts parsed and normalised (`quantities`), and the rows of a dataset read
from sentences (`rows`): entity, measure, value, unit and period, each with its quote."""
