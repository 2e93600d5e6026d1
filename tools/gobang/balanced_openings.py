"""The openings an engine wins once with each colour against itself:

    python3 tools/gobang/balanced_openings.py RESULTS GAMES [RESULTS GAMES ...] > openings.txt

RESULTS and GAMES are the --results and --record files of one
`gobang-manager` run of an engine against itself (each opening played
twice, the colours swapped). An opening that black won both times favours
black, as most openings drawn near the centre do; one where each colour won
once is even as far as that engine can tell. Prints those, one a line as
`gobang-manager --openings` reads them (`H7,J6,K8`, black first), in the
order played.
"""
import re
import sys

GAME = re.compile(r"game (\d+) \| opening (\d+) \| first (black|white) \| (first wins|second wins|draw)")


class Unfit(Exception):
    """Files this script cannot read, with the reason."""


def balanced(results, games):
    header = re.search(r"\| stones (\d+) \|", results.split("\n", 1)[0])
    if not header:
        raise Unfit("its first line is not a gobang-manager match of drawn openings ('stones N')")
    stones = int(header.group(1))
    records = [line for line in games.splitlines() if line.strip()]
    played = {}
    for line in results.splitlines():
        found = GAME.match(line)
        if not found:
            continue
        game, opening, first, outcome = found.groups()
        record = records[int(game) - 1] if int(game) <= len(records) else ""
        moves = re.search(r"moves=(\S+)", record)
        if not moves:
            raise Unfit(f"game {game} has no record (moves=...) in the games file")
        moves = moves.group(1).split(",")
        winner = None if outcome == "draw" else (first if outcome == "first wins" else
                                                  "white" if first == "black" else "black")
        played.setdefault(opening, (",".join(moves[:stones]), []))[1].append(winner)
    return [line for line, winners in played.values() if sorted(winners, key=str) == ["black", "white"]]


def main():
    if len(sys.argv) < 3 or len(sys.argv) % 2 == 0:
        sys.exit("usage: balanced_openings.py RESULTS GAMES [RESULTS GAMES ...]")
    for i in range(1, len(sys.argv), 2):
        try:
            with open(sys.argv[i]) as results, open(sys.argv[i + 1]) as games:
                lines = balanced(results.read(), games.read())
        except (OSError, UnicodeDecodeError, Unfit) as e:
            sys.exit(f"balanced_openings.py: {sys.argv[i]}, {sys.argv[i + 1]}: {e}")
        for line in lines:
            print(line)


if __name__ == "__main__":
    main()
