"""The two sources chapter 1 follows, named once so every derivation cites them the same way."""

# Short forms: the chapter page names both in full once, and a theorem box has one line for it.
MERITY = "Merity (2016)"
KOREAN_SUMMARY = "Korean summary of Merity (2021)"
BOTH = f"{MERITY}; {KOREAN_SUMMARY}"
