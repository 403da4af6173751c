"""Rules of Danger World v1 (a wiki page, "From Quick Shot")."""
