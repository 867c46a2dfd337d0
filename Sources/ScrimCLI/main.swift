print("scrim")
