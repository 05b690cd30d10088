import LprofShell
