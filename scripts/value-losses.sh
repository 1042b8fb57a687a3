#!/usr/bin/env bash
# Where each engine of a match lost value: reads a match record (`morris match --record`)
# and `morris analyze --brief` of it, and counts each engine's value-losing moves by exact
# values (`?` a win let go to a draw, a repetition or the 100-ply rule included; `??` a
# win or draw let go to a loss) per game, by phase, and by the stones on the board before
# the move (the mover's first: 6-5 is six of the mover's against five), and the placing
# ones by move (1 = the first placement, 18 = the last). Moves before the
# values turn exact (a placing phase without its tables, a search that proves nothing) are
# not judged; for them it counts the games already decided where exact values begin, by
# which engine the value then favours (a random opening may have decided some).
#
# usage: scripts/value-losses.sh RECORD.tsv ANALYSIS.txt
set -euo pipefail
record=${1:?usage: $0 RECORD.tsv ANALYSIS.txt}
analysis=${2:?usage: $0 RECORD.tsv ANALYSIS.txt}
[ -r "$record" ] || { echo "$0: cannot read $record" >&2; exit 1; }
[ -r "$analysis" ] || { echo "$0: cannot read $analysis" >&2; exit 1; }
awk -F'\t' '
# The record: game number, white, black, result, termination, plies, opening, moves.
FNR == NR {
    if ($0 ~ /^#/ || NF < 8) next
    g = $1; white[g] = $2; black[g] = $3; games++
    names[$2] = 1; names[$3] = 1
    n = split($7 " " $8, mv, " ")
    w = 0; b = 0; k = 0
    for (i = 1; i <= n; i++) {
        if (mv[i] == "") continue
        k++
        # The stones on the board before ply k, the mover first.
        pair[g, k] = (k % 2 ? w "-" b : b "-" w)
        if (k <= 18) { if (k % 2) w++; else b++ }
        if (index(mv[i], ",")) { if (k % 2) b--; else w-- }
    }
    next
}
# The analysis: a title per game, then its marked moves.
/^game [0-9]+:/ { split($0, t, /[ :]/); cur = t[2]; next }
/^  exact from move [0-9]+ on / {
    split($0, f, " "); first = f[4]; exacts++; firstsum += first
    if (first > latest) latest = first
    if ($0 ~ /White wins$/) early[white[cur]]++
    else if ($0 ~ /Black wins$/) early[black[cur]]++
    else early["a draw"]++
    next
}
/^  >> \?\??\?? move [0-9]+ by (White|Black), / {
    if ($0 ~ /by search:/) next     # a search mark, not an exact value
    split($0, f, " ")
    ply = f[4]; side = f[6]; sub(/,$/, "", side)
    who = (side == "White" ? white[cur] : black[cur])
    phase = (ply <= 18 ? "placing" : "moving")
    if (phase == "placing") { byply[who, ply]++ }
    lost[who]++; byphase[who, phase]++; bypair[who, pair[cur, ply]]++; pairs[pair[cur, ply]] = 1
    kind = ($0 ~ /-> loss/ ? "to a loss" : "win to draw"); bykind[who, kind]++
}
END {
    printf "%d games\n", games
    if (exacts) {
        printf "exact values from move %.1f on average (latest %d) in %d games; the value there:", \
            firstsum / exacts, latest, exacts
        for (k in early) printf " %s %d", (k == "a draw" ? "a draw" : "won by " k), early[k]
        printf "\n"
    }
    for (who in names) {
        printf "%s: %d value-losing moves (%.2f a game): placing %d, moving %d; win to draw %d, to a loss %d\n", \
            who, lost[who], (games ? lost[who] / games : 0), byphase[who, "placing"], byphase[who, "moving"], \
            bykind[who, "win to draw"], bykind[who, "to a loss"]
        line = ""
        for (p in pairs) if (bypair[who, p]) line = line sprintf(" %s:%d", p, bypair[who, p])
        if (line != "") printf "  by stones on the board (mover-opponent):%s\n", line
        line = ""
        for (k = 1; k <= 18; k++) if (byply[who, k]) line = line sprintf(" %d:%d", k, byply[who, k])
        if (line != "") printf "  placing, by move (1 = the first placement):%s\n", line
    }
}' "$record" "$analysis"
