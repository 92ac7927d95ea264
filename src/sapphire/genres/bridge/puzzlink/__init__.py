"""The bridged genres' puz.link codecs, in their old modules: a link's body decoded into a
`Puzzle` and written out as the puzzlekit text the bridged builders read (`genres`), a case
read back into a `Puzzle` (`export`), and their pzprv3 answers read (`answer`)."""
