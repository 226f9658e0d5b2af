from lembrar.cli import entry

entry()
