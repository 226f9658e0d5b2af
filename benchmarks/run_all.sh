#!/usr/bin/env bash
# Every benchmark with its default settings, results in bench-out/ (embeddings cached in .bench-cache/).
# Needs the data sets under shared/data beside the repository, or LEMBRAR_BENCH_DATA pointing at them,
# and the bench extra: pip install -e '.[bench]' (chromadb too, for the ChromaDB baseline).
set -euo pipefail
cd "$(dirname "$0")/.."
OUT="${1:-bench-out}"

lembrar bench longmemeval --baselines dense,keyword,chroma --out "$OUT"
lembrar bench longmemeval --merge 10 --baselines dense,keyword --out "$OUT/pooled"
lembrar bench locomo --baselines dense,keyword,chroma --out "$OUT"
lembrar bench dailydialog --baselines dense,keyword,chroma --out "$OUT"
lembrar bench speed --out "$OUT"
lembrar bench embedders --out "$OUT"
