"""What shipyard keeps between runs in the user's cache folder: the library index, the kept library and the code
Python compiles for classes' methods and annotations."""
