import lembrar


def test_all_is_sorted_and_importable():
    names = [n for n in lembrar.__all__ if n != "__version__"]
    constants = [n for n in names if n.isupper()]
    others = [n for n in names if not n.isupper()]
    assert constants == sorted(constants) and others == sorted(others)
    for name in lembrar.__all__:
        assert hasattr(lembrar, name), name


def test_importing_lembrar_needs_no_optional_extra():
    import subprocess
    import sys

    code = (
        "import sys, lembrar; heavy = {'httpx', 'pydantic', 'fastapi', 'psycopg', 'torch', 'matplotlib', 'dateparser'};"
        "print(sorted(heavy & set(sys.modules)))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert out == "[]"


def test_searching_in_the_grammars_languages_never_loads_dateparser(tmp_path):
    import subprocess
    import sys

    code = (
        "import sys; from lembrar import Memory; from lembrar.embed.hashing import HashingEmbedder;"
        f"m = Memory({str(tmp_path / 'm.db')!r}, embedder=HashingEmbedder()); m.set_user('ana', language='pt-BR');"
        "m.add('almoço', user_id='ana'); m.search('o que comi ontem?', user_id='ana');"
        "print('dateparser' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert out == "False"
