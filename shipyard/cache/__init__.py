"""What shipyard keeps between runs in the user's cache folder: the library index and the kept library."""
