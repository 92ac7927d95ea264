"""Case files: the rule-line syntax of a puzzle, its parser and its writer."""
