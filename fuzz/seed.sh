#!/bin/sh
# Fills fuzz/corpus/<target>/ with starting inputs: the regression files of
# tests/fuzz-regressions/<target>/ and a few small instances from the test fixtures.
# Run from anywhere; `cargo fuzz run` then grows the corpus from there.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
corpus="$root/fuzz/corpus"
seed() { # target, files...
    target=$1
    shift
    mkdir -p "$corpus/$target"
    for file in "$@"; do
        [ -f "$file" ] && cp "$file" "$corpus/$target/seed-$(basename "$file")"
    done
    return 0
}
for dir in "$root"/tests/fuzz-regressions/*/; do
    [ -d "$dir" ] || continue
    target=$(basename "$dir")
    mkdir -p "$corpus/$target"
    cp "$dir"* "$corpus/$target/" 2>/dev/null || true
done
seed dlx_text "$root"/tests/corpus/tiny/*.dlx "$root"/tests/corpus/random/*.dlx
seed futoshiki "$root"/reductions/tests/fixtures/futoshiki/f0*.txt
seed sudoku "$root"/reductions/tests/fixtures/sudoku/4x4.txt "$root"/reductions/tests/fixtures/sudoku/escargot.txt
seed binairo "$root"/reductions/tests/fixtures/binairo/b0[1-8]*.txt
mkdir -p "$corpus/calendar" "$corpus/queens" "$corpus/tromino" "$corpus/pack" "$corpus/arrows"
printf '8-19' >"$corpus/calendar/seed-1"
printf 'aug-19\n' >"$corpus/calendar/seed-2"
printf '2024-February-29' >"$corpus/calendar/seed-3"
printf '8\n' >"$corpus/queens/seed-1"
printf '\n 13 \r\n' >"$corpus/queens/seed-2"
printf '4' >"$corpus/arrows/seed-1"
printf '\n 12 \r\n' >"$corpus/arrows/seed-2"
printf '4 4\n....\n....\n..#.\n....\n' >"$corpus/tromino/seed-1"
printf '.##\n...\n#..\n' >"$corpus/tromino/seed-2"
printf '3 3\n...\n...\n...\n\000AAB\nA.B\n\nCC\nC\n\n#' >"$corpus/pack/seed-1"
printf '....\n....\n\000AA\n\nBB\n\n#\n#\n\nC.\nCC' >"$corpus/pack/seed-2"
echo "seeded $(find "$corpus" -type f | wc -l) files under $corpus"
