"""Chapter 5's experiments: small recurrent networks trained with each initialisation.

A numpy-only training library: chapter 3's tanh network and chapter 4's
AntisymmetricRNN (:mod:`experiments.models`), the long-memory tasks
(:mod:`experiments.tasks`), backpropagation through time as chapter 3's sum of
Jacobian products (:mod:`experiments.bptt`), SGD with momentum and chapter 3's
norm clipping (:mod:`experiments.training`), and the sweep that compares the
initialisations (:mod:`experiments.sweep`, run by ``python -m experiments run``).
Every operation returns the same bits on every machine
(:mod:`experiments.arithmetic`), so the committed results in
``experiments/results/`` can be checked exactly.
"""

__version__ = "1.0"
