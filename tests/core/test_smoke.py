from scorepad.cli import main


def test_example_sheet_scores(capsys):
    assert main(["score", "examples/azul.json", "--lang", "en"]) == 0
    assert "Ana wins with 77 points." in capsys.readouterr().out
