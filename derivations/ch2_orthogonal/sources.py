"""How Chapter 2 cites its sources (titles as in /work/shared/sources/README.md)."""

MERITY = (
    "Merity, *Explaining and illustrating orthogonal initialization for recurrent neural "
    "networks* (2016)"
)
TUTORIAL = "*Orthogonal & Structured Initializations* (tutorial page)"
KOREAN_SUMMARY = "Korean summary of Merity's article (2021)"
STEWART = "Stewart, *The efficient generation of random orthogonal matrices* (1980)"
GOLUB_VAN_LOAN = "Golub & Van Loan, *Matrix Computations*, section 5.1"
MEZZADRI = ("Mezzadri, *How to generate random matrices from the classical compact groups* "
            "(2007)")
