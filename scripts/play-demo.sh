#!/usr/bin/env bash
# Plays a short `morris play` session in a real terminal (a detached tmux session) and
# prints the screen after each step, so you can see exactly what a player sees.
#
#   scripts/play-demo.sh            # plain text
#   DEMO_COLOR=1 scripts/play-demo.sh   # keep the ANSI colours (view in a terminal)
#
# Needs tmux (apt-get install -y tmux). Builds the release binary first.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v tmux >/dev/null; then
    echo "play-demo: tmux is not installed (apt-get install -y tmux)" >&2
    exit 1
fi
cargo build --release --quiet
bin="$PWD/target/release/morris"
session="morris-play-demo-$$"
capture_flags=(-p)
[[ "${DEMO_COLOR:-0}" == 1 ]] && capture_flags+=(-e)

scene_number=0
start_scene() {
    # start_scene TITLE ARGS...: run `morris play ARGS` in a fresh detached tmux session.
    scene_number=$((scene_number + 1))
    session="morris-play-demo-$$-$scene_number"
    local title="$1" args
    shift
    printf -v args ' %q' "$@"
    printf '\n################ %s\n################ morris play%s\n' "$title" "$args"
    tmux new-session -d -s "$session" -x 100 -y 45 "'$bin' play$args; echo \"[morris exited with status \$?]\"; sleep 60"
    sessions+=("$session")
    sleep 1
}
sessions=()
cleanup() {
    for s in "${sessions[@]}"; do tmux kill-session -t "$s" 2>/dev/null || true; done
    [[ -n "${workdir:-}" ]] && rm -rf "$workdir"
}
trap cleanup EXIT

type_line() {
    tmux send-keys -t "$session" -l "$1"
    tmux send-keys -t "$session" Enter
    sleep "${2:-0.5}"
}

show() {
    printf '\n======== %s ========\n' "$1"
    # The pane without its trailing blank lines.
    tmux capture-pane "${capture_flags[@]}" -t "$session" | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}'
}

# Scene 1, placing: White (you) has A1 and D1, Black has A7 and D7, so G1 closes a mill.
start_scene "placing, a mill, undo and a hint" --depth 2 --show-score --moves "A1 A7 D1 D7"
show "the first screen"
type_line "D4"
type_line "G1"
type_line "D1"
type_line "A7" 2
show "after D4 (not a point), G1 (a mill), D1 (not Black's) and A7 (removed)"
type_line "undo" 1
type_line "hint" 2
type_line "quit" 1
show "after undo, hint and quit"

# Scene 2, moving: a board file in seed 000's order (a0 d0 g0 b1 ... g6, rows from the
# bottom): White A1 G1 D2 B4, Black A7 G7 F6 C5, White to move.
workdir=$(mktemp -d)
echo "BxBxxBBxxxWxxxxxxxxWxWxW" > "$workdir/board.txt"
start_scene "sliding step by step, a mill, the engine flies" --depth 2 --board-in "$workdir/board.txt" --to-move white
type_line "D2"
type_line "G4"
type_line "D1"
type_line "F6" 2
show "after D2 (picked), G4 (not adjacent), D1 (a mill) and F6 (removed)"
