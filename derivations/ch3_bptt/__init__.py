"""Chapter 3: backpropagation through time, the Jacobian product, and the bounds on its norm."""
