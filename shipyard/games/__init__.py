"""Games in play: every mark made on a live record sheet, kept as an event in the user's folder (store.py), and
the sheets as the fold of those events (state.py). The application layer (app/games.py) starts games, marks, undoes
and exports them for the command line and the web server alike."""
