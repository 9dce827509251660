"""Macau: the shedding card game of Poland, Hungary and Romania."""

__version__ = "0.1.0"
