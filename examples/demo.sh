#!/usr/bin/env bash
# Import a sample conversation into demo.db and ask about it by date and by meaning.
set -euo pipefail
cd "$(dirname "$0")/.."
lembrar=".venv/bin/lembrar --db demo.db"
rm -f demo.db demo.db-wal demo.db-shm
$lembrar user ana --timezone America/Sao_Paulo --hemisphere south
$lembrar import examples/conversation.jsonl
now=2024-05-20T12:00:00-03:00
$lembrar search "what did we talk about last Sunday?" --user ana --now "$now" -k 3
$lembrar search "o que eu cozinhei há duas semanas?" --user ana --now "$now" -k 2
$lembrar context "should I get a pet for my daughter?" --user ana --now "$now" --budget 250
