"""Sole Mio! — a digital edition of Uwe Rosenberg's pizza card games."""

__version__ = "0.1.0"
