print("lprof")
