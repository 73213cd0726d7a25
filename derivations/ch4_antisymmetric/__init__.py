"""Chapter 4: AntisymmetricRNN as a dynamical system."""
