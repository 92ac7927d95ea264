"""The setter's assistant: how hard a case is and along which path (`grade`), which of its
clues are redundant (`minimize`), which givens would make it unique (`suggest`), and new
puzzles of a genre (`generate`).

It sits over the pipeline's public pieces: a case loaded as a `sapphire.api.Puzzle`, its ground
model with each constraint's rule line (`sapphire.verify.ground_traced`), the SAT backend's
incremental solvers (`sapphire.backend.sat.supports`) and the pipeline's verified solves.
"""
