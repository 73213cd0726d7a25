"""Chapter 2: orthogonal matrices and orthogonal initialisation."""
