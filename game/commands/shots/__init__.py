"""The screenshot run's cases, the states they picture and the camera that takes them."""
