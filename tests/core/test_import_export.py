import io
import json
from pathlib import Path

import pytest

from lembrar import ImportFormatError
from lembrar.importers.load import export_file, import_file

EXAMPLE = Path(__file__).parents[2] / "examples" / "conversation.jsonl"


def test_import_the_example_conversation(memory):
    report = import_file(memory, EXAMPLE)
    assert report.imported == 15 and report.skipped == []
    assert len(memory.sessions("ana")) == 6
    [first] = memory.get_all("ana", limit=1).items
    assert first.at.isoformat() == "2024-05-05T22:10:00+00:00"


def test_export_then_import_is_lossless(memory, tmp_path, clock):
    from lembrar import Memory
    from lembrar.embed.hashing import HashingEmbedder

    import_file(memory, EXAMPLE)
    memory.add({"kind_of": "record", "nested": {"a": 1}}, user_id="ana", metadata={"x": [1, 2]})
    [edited] = memory.get_all("ana", limit=1).items
    memory.update(edited.id, "Edited text", "ana")
    out = io.StringIO()
    assert export_file(memory, out) == 16
    path = tmp_path / "export.jsonl"
    path.write_text(out.getvalue())
    with Memory(tmp_path / "copy.db", embedder=HashingEmbedder(), clock=clock) as copy:
        import_file(copy, path)
        again = io.StringIO()
        export_file(copy, again)

    def strip(text):
        return [{k: v for k, v in json.loads(line).items()} for line in text.splitlines()]

    assert strip(again.getvalue()) == strip(out.getvalue())


def write(tmp_path, lines):
    path = tmp_path / "in.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return path


GOOD = '{"user_id": "ana", "content": "fine", "at": "2024-05-01T10:00:00+00:00"}'


@pytest.mark.parametrize(
    "bad, field",
    [
        ("{not json", "json"),
        ('["a list"]', "line"),
        ('{"content": "no owner"}', "user_id"),
        ('{"user_id": "ana", "content": "x", "colour": "red"}', "colour"),
        ('{"user_id": "ana", "content": ""}', "content"),
        ('{"user_id": "ana", "content": "x", "at": "2024-05-01T10:00:00"}', "at"),
        ('{"user_id": "ana", "content": "x", "role": "robot"}', "role"),
    ],
)
def test_malformed_line_is_reported_with_its_number_and_nothing_is_imported(
    memory, tmp_path, bad, field
):
    path = write(tmp_path, [GOOD, "", bad, GOOD])
    with pytest.raises(ImportFormatError) as info:
        import_file(memory, path)
    assert info.value.line == 3 and info.value.field == field
    assert memory.users() == []


def test_skip_invalid_imports_the_rest_and_says_why(memory, tmp_path):
    path = write(tmp_path, [GOOD, "{not json", '{"user_id": "ana", "content": ""}', GOOD])
    report = import_file(memory, path, skip_invalid=True)
    assert report.imported == 2
    assert [line for line, _ in report.skipped] == [2, 3]
    assert "content" in report.skipped[1][1]


def test_user_override_on_import(memory, tmp_path):
    path = write(tmp_path, ['{"content": "ownerless line"}'])
    assert import_file(memory, path, user_id="zed").imported == 1
    assert memory.get_all("zed").items[0].content == "ownerless line"
