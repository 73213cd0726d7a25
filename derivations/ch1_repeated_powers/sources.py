"""The two sources chapter 1 follows, named once so every derivation cites them the same way."""

MERITY = (
    "Merity, *Explaining and illustrating orthogonal initialization for recurrent neural "
    "networks* (2016)"
)
KOREAN_SUMMARY = "the Korean summary of Merity's article (2021)"
BOTH = f"{MERITY}; {KOREAN_SUMMARY}"
