"""What reading and writing puzzles in other formats shares: the case being built, and the
formats' own texts, read with every error placed in them.

* `builder` — `CaseBuilder`: the front matter and rule lines of one puzzle, written
  canonically and checked against the library (what every import ends with);
* `common` — where an error points (`Where`), what an importer refuses, grid geometry, cell
  names, solution strings and the converter the ISS and f-puzzles importers start from;
* `puzzlekit` — the puzzlekit dataset's text: placed tokens (`Source`, `Token`) and a genre's
  layout of parts (`read_layout`, `read_lines`), numbers, counts and solution grids;
* `link` and `encodings` — a puz.link link read into its genre, size and body (`read_link`),
  and pzprjs's shared encodings of a body (`number16`, `four_cell`, `circle`, `outside16`,
  border bits and rooms), each read from a `Body` and written back;
* `pzprv3` — pzprjs's answer files (`Pzprv3`);
* `readback` — a case read back into a genre's clues for export (`Readback`: a rule's cells,
  an integer parameter, a refusal placed at the rule line or at the case);
* `answer` — the answer parts a solution or pzprv3 file is read as, and region maps compared
  up to the names of their regions;
* `genre` — the shape every genre module fills (`Genre`, `ClueError`): see `sapphire.genres`.

This package sits below the genres (`sapphire.genres`) and the importers (`sapphire.importers`),
and imports neither.
"""
