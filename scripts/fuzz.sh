#!/usr/bin/env bash
# Fuzzes mazegraph's readers with cargo fuzz (libFuzzer), one target at a time, each for a
# bounded time, and prints one summary line per target (executions, crash or not).
#
#   scripts/fuzz.sh                      # every target, 600 s each
#   scripts/fuzz.sh -t 20                # every target, 20 s each (a smoke run)
#   scripts/fuzz.sh -t 300 read_dot roundtrip
#
# Targets (fuzz/fuzz_targets/): read_<format> for every reader (png, txt, json, adj, tokens,
# graph_json, dot, graphml, gml, edges, mask, pg, game_json, game_dot), `roundtrip` (read → convert → write →
# read must give back an equal maze or graph) and `roundtrip_game` (the same for games). Seeds are fuzz/seeds/<target>/
# (committed); what the fuzzer learns goes to fuzz/corpus/<target>/ and crashes to
# fuzz/artifacts/<target>/ (both ignored by git), logs to fuzz/artifacts/logs/. Replay a
# crash with `RUSTC_BOOTSTRAP=1 cargo fuzz run -O <target> <file>` in fuzz/ (or run
# fuzz/target/<host>/release/<target> <file>), then turn it into a regression test under
# tests/.
#
# cargo fuzz wants a nightly compiler for its sanitizer flags; RUSTC_BOOTSTRAP=1 lets the
# stable compiler accept them. SANITIZER=none runs without AddressSanitizer (faster, still
# catches panics, hangs and excessive memory). Memory limit: 2 GiB RSS; a single input
# running over 10 s is a hang; inputs are at most MAX_LEN bytes (default 8192).
set -euo pipefail

cd "$(dirname "$0")/../fuzz"
seconds=600
while getopts "t:h" opt; do
    case $opt in
    t) seconds=$OPTARG ;;
    *)
        sed -n '2,20p' "$0"
        exit 2
        ;;
    esac
done
shift $((OPTIND - 1))

if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "fuzz.sh: installing cargo-fuzz" >&2
    cargo install cargo-fuzz --locked
fi
export RUSTC_BOOTSTRAP=1
# cargo fuzz keeps its own target directory (fuzz/target); a CARGO_TARGET_DIR meant for the
# main crate would mix sanitizer builds into it.
unset CARGO_TARGET_DIR
sanitizer=${SANITIZER:-address}
# Inputs up to 8 KiB: big enough for real little mazes and graphs, small enough to keep the
# slower readers (DOT's general parser) at a useful rate. MAX_LEN overrides it.
max_len=${MAX_LEN:-8192}

if [ $# -gt 0 ]; then
    targets=("$@")
else
    mapfile -t targets < <(cargo fuzz list)
fi

# Round-trip seeds: every reader seed, prefixed with a byte naming its format (low 3 bits,
# in the order of fuzz/src/lib.rs FORMATS) and an output format (next 3 bits).
roundtrip_seeds() {
    local out=corpus/roundtrip_seeds k=0 f t sel
    rm -rf "$out"
    mkdir -p "$out"
    for fmt in png txt json adj graph_json dot graphml gml; do
        if [ -d "seeds/read_$fmt" ]; then
            for f in "seeds/read_$fmt"/*; do
                for t in 0 1 2 3 4 5 6 7; do
                    sel=$((k | (t << 3)))
                    {
                        printf "\\$(printf '%03o' "$sel")"
                        cat "$f"
                    } >"$out/$fmt-$t-$(basename "$f")"
                done
            done
        fi
        k=$((k + 1))
    done
}

# The same for games (`roundtrip_game`): 2 bits each, in GameFormat::ALL order.
roundtrip_game_seeds() {
    local out=corpus/roundtrip_game_seeds k=0 f t sel
    rm -rf "$out"
    mkdir -p "$out"
    for fmt in pg game_json game_dot; do
        for f in "seeds/read_$fmt"/*; do
            for t in 0 1 2; do
                sel=$((k | (t << 2)))
                {
                    printf "\\$(printf '%03o' "$sel")"
                    cat "$f"
                } >"$out/$fmt-$t-$(basename "$f")"
            done
        done
        k=$((k + 1))
    done
}

mkdir -p artifacts/logs
echo "building ${targets[*]} (sanitizer: $sanitizer)" >&2
# One build of every target (cargo fuzz builds one target or all of them).
cargo fuzz build -O --sanitizer "$sanitizer" >artifacts/logs/build.log 2>&1 ||
    {
        tail -30 artifacts/logs/build.log >&2
        exit 1
    }

bin_dir=target/$(rustc -vV | sed -n 's/^host: //p')/release
failed=0
for t in "${targets[@]}"; do
    mkdir -p "corpus/$t" "artifacts/$t"
    seeds="seeds/$t"
    if [ "$t" = roundtrip ]; then
        roundtrip_seeds
        seeds=corpus/roundtrip_seeds
    elif [ "$t" = roundtrip_game ]; then
        roundtrip_game_seeds
        seeds=corpus/roundtrip_game_seeds
    fi
    dict=()
    if [ -f "dict/$t.dict" ]; then
        dict=("-dict=dict/$t.dict")
    fi
    log="artifacts/logs/$t.log"
    status=ok
    # The binary built above, run directly: editing the sources while it runs changes nothing.
    "$bin_dir/$t" -artifact_prefix="artifacts/$t/" -max_total_time="$seconds" -timeout=10 \
        -rss_limit_mb=2048 -max_len="$max_len" -print_final_stats=1 "${dict[@]}" "corpus/$t" "$seeds" \
        >"$log" 2>&1 || status=FAILED
    runs=$(grep -ao 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1 || true)
    secs=$(grep -ao 'Done [0-9]* runs in [0-9]* second' "$log" | grep -o 'in [0-9]*' | grep -o '[0-9]*' | tail -1 || true)
    if [ "$status" != ok ]; then
        failed=1
        crash=$(grep -ao 'Test unit written to .*' "$log" | tail -1 || true)
        echo "$t: FAILED after ${runs:-?} executions: ${crash:-see $log}"
    else
        echo "$t: ${runs:-?} executions in ${secs:-?} s, no crash, hang or OOM"
    fi
done
exit $failed
