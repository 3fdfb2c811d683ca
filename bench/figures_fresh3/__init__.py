"""Fresh blind figures cases, set 3: 6 zh and 6 en, each a small library with traps."""
