"""Computer opponents and hints: they see only a seat's observation, never hidden tiles."""
