"""How Chapter 2 cites its sources (titles as in /work/shared/sources/README.md)."""

MERITY = (
    "Merity, *Explaining and illustrating orthogonal initialization for recurrent neural "
    "networks* (2016)"
)
TUTORIAL = "*Orthogonal & Structured Initializations* (tutorial page)"
KOREAN_SUMMARY = "Korean summary of Merity's article (2021)"
