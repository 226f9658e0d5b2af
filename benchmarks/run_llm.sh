#!/usr/bin/env bash
# Every language-model step against the plain method it can replace, with one local GGUF model
# (benchmarks/local_model.sh assembles the one measured in RESULTS.md), served on 127.0.0.1 over
# the OpenAI protocol. Sample sizes are what fitted under an hour each on a busy 2-core machine
# at one thread per call (5-40 % of a core per process while measured); raise them if you can.
#   benchmarks/run_llm.sh /models/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf [bench-out/llm]
set -euo pipefail
cd "$(dirname "$0")/.."
MODEL="local:${1:?give the GGUF file}"
OUT="${2:-bench-out/llm}"
export LEMBRAR_LLM_THREADS="${LEMBRAR_LLM_THREADS:-1}"

lembrar bench llm dates --llm-base-url "$MODEL" --sample 20 --out "$OUT"
lembrar bench llm capture --llm-base-url "$MODEL" --sessions 4 --out "$OUT"
lembrar bench llm summaries --llm-base-url "$MODEL" --sessions 10 --out "$OUT"
lembrar bench llm search --llm-base-url "$MODEL" --sample 4 --haystack 12 --out "$OUT"
lembrar bench llm answers --llm-base-url "$MODEL" --sample 3 --haystack 12 --out "$OUT"
