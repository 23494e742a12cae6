a = false ? unknownvar : 2
