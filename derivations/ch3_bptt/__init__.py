"""Chapter 3: backpropagation through time and the Jacobian product."""
