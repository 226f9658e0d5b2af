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

    code = ("import sys, lembrar; heavy = {'httpx', 'pydantic', 'fastapi', 'psycopg', 'torch', 'matplotlib'};"
            "print(sorted(heavy & set(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "[]"
