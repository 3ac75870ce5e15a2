"""The designer in a browser (`shipyard serve`): see server.py."""
