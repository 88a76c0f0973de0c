raise ImportError("this bot needs a module nobody has")
