"""What shipyard keeps between runs in the user's cache folder: the library index, the kept library and the compiled
methods of its dataclasses."""
