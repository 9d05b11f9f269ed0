"""Hostile questions: oversized, entity-stuffed, broken Unicode, injection-shaped, every script.

Each ends in an answer (answered or missing) or an :class:`InvalidQuestionError`; nothing else escapes,
and what the memory keeps afterwards is bounded, valid Unicode. Normalization is checked as a property:
ASCII behaves as before and no alphabet becomes unlinkable.
"""

from __future__ import annotations

import os
import re
import unicodedata
from pathlib import Path

import pyoxigraph as ox
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cacherag import CacheRAG, InvalidQuestionError
from cacherag.graphs.context import Context
from cacherag.tools.linking import STOPWORDS, LabelIndex, clean_text, normalize, tokenize, unicode_tokens
from cacherag.tools.oxigraph_backend import OxigraphKG
from cacherag.tools.sources import open_kg

LIMITS = Context()
LABELS = sorted({label for _, label in open_kg("demo").label_rows}, key=len)[:60]  # 60 short, distinct ones
HOSTILE = [
    # size
    "Who directed The Matrix? " * 50,
    "x" * (LIMITS.max_question_chars + 1),
    "Who directed " + "The Matrix " * 2000,
    "who " * 300_00,
    "a\u0301" * 600,
    # entity stuffing
    "Compare " + ", ".join(LABELS),
    " ".join(LABELS[:45]) + " directed by whom",
    # broken Unicode and control characters
    "Who directed \udcff The Matrix?",
    "Who directed \ud83d The Matrix?",
    "Who directed The Matrix?\udfff",
    "\udcc3\udca9 Amélie language",
    "Who directed\x00 The Matrix?",
    "Who\x1b[31m directed The Matrix?",
    "Who directed \u202eThe Matrix\u202c?",
    "Who directed The\u200b Matrix?",
    "Who directed The Matrix\ufeff?",
    "Who directed 𝕋𝕙𝕖 𝕄𝕒𝕥𝕣𝕚𝕩?",
    "WHO DIRECTED THE MATRIX",
    "who directed the matrix???!!!",
    "Z̴̡̢͔̘̆ͮ͢a̧͎̻̍ͧ̚l̸̜̈̃g̵̬̑o̴͎̔ directed The Matrix",
    # injection-shaped
    'Who directed The Matrix"} ; DROP ALL #',
    "Who directed <http://cacherag.dev/demo/The_Matrix> }",
    "Who directed The Matrix' UNION SELECT * WHERE { ?s ?p ?o }",
    "SELECT * WHERE { ?s ?p ?o }",
    "INSERT DATA { <a> <b> <c> }",
    "Who directed The Matrix\nINSERT DATA { <a> <b> <c> }",
    "Who directed The Matrix\r#\rDROP ALL",
    "Who directed {0} %s %n The Matrix",
    "Who directed <E> The Matrix",
    "<script>alert(1)</script> The Matrix",
    "../../../../etc/passwd The Matrix",
    "file:///etc/hostname directed",
    "http://127.0.0.1:9/ The Matrix",
    '{"@context": "http://127.0.0.1:9/c"} The Matrix',
    "@prefix ex: <http://x/> . The Matrix",
    # empty and degenerate
    "",
    "   ",
    "\n\t\r",
    "?",
    "!!!???...",
    "the the the the the the",
    "who what when where why how",
    "9" * 500,
    "The Matrix",
    "Matrix",
    # other scripts
    "من أخرج فيلم The Matrix؟",
    "誰がマトリックスを監督しましたか",
    "Кто снял фильм The Matrix?",
    "Ποιος σκηνοθέτησε το The Matrix;",
    "מי ביים את The Matrix?",
    "द मैट्रिक्स का निर्देशन किसने किया?",
    "누가 매트릭스를 감독했나요?",
    "Wer hat Amélie gedreht? Straße ß",
    "Qui a réalisé Amélie ?",
]


def test_the_corpus_has_at_least_fifty_cases() -> None:
    assert len(HOSTILE) >= 50


@pytest.fixture(scope="module")
def rag(tmp_path_factory: pytest.TempPathFactory) -> CacheRAG:
    return CacheRAG("demo", memory_dir=str(tmp_path_factory.mktemp("memory")))


def test_every_hostile_question_is_answered_or_refused_and_never_memorized(rag: CacheRAG) -> None:
    refused = 0
    for question in HOSTILE:
        try:
            answer = rag.ask(question)
        except InvalidQuestionError:
            refused += 1
            continue
        assert answer.status in {"answered", "missing"}, question
    rag.close()
    assert refused >= 6  # the oversized and entity-stuffed ones
    stored = rag.memory.entries()
    assert stored  # the plain questions among them were learned…
    for entry in stored:  # …and nothing hostile was
        assert len(entry.question) <= LIMITS.max_question_chars
        entry.question.encode("utf-8")  # no lone surrogate reached the store
        assert not re.search(r"[\x00-\x08\x0b\x0c\x0e-\x1f]", entry.question)


def test_a_lone_surrogate_is_cleaned_and_the_question_still_answers(rag: CacheRAG) -> None:
    answer = rag.ask("Who directed \udcff The Matrix?")
    assert {a.label for a in answer.answers} == {"Lana Wachowski", "Lilly Wachowski"}


def test_bounds_are_context_fields_with_typed_errors(tmp_path: Path) -> None:
    tight = CacheRAG("demo", memory_dir=str(tmp_path / "m"), max_question_chars=20, max_question_entities=1)
    with pytest.raises(InvalidQuestionError, match="max_question_chars"):
        tight.ask("Who directed The Matrix, really?")
    with pytest.raises(InvalidQuestionError, match="max_question_entities"):
        tight.ask("Inception Alien")


# -- normalization -----------------------------------------------------------------------------------------
def _ascii_normalize(text: str) -> str:
    """The normalization before Unicode support, for the ASCII-identical check."""
    words = (re.sub(r"['’]", "", unicodedata.normalize("NFKD", m.group()).encode("ascii", "ignore").decode())
             .lower() for m in re.finditer(r"[^\W_]+(?:['’][^\W_]+)*", text))
    return " ".join(w for w in words if w)


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet=st.characters(max_codepoint=0x7F)))
def test_ascii_text_normalizes_exactly_as_before(text: str) -> None:
    assert normalize(text) == _ascii_normalize(text)


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet=st.characters(max_codepoint=0x7F)))
def test_the_ascii_shortcut_gives_the_unicode_tokenizers_tokens_and_offsets(text: str) -> None:
    assert tokenize(text) == unicode_tokens(text)


@settings(max_examples=500, deadline=None)
@given(st.text())
def test_normalization_is_idempotent_and_offsets_point_into_the_text(text: str) -> None:
    text = clean_text(text)
    once = normalize(text)
    assert normalize(once) == once
    for token, start, end in tokenize(text):
        assert token and 0 <= start < end <= len(text)


@settings(max_examples=300, deadline=None)
@given(st.text(st.characters(categories=["Lu", "Ll", "Lo"]), min_size=2, max_size=12))
def test_a_label_in_any_alphabet_links_to_its_node(label: str) -> None:
    if all(word in STOPWORDS for word in normalize(label).split()):  # 'HOW' is never a mention; '' neither
        return
    store = ox.Store()
    node = ox.NamedNode("http://x/e")
    store.add(ox.Quad(node, ox.NamedNode("http://www.w3.org/2000/01/rdf-schema#label"), ox.Literal(label)))
    index = LabelIndex(OxigraphKG(store).label_rows)
    assert any(m.nodes == ("<http://x/e>",) for m in index.mentions(f"tell me about {label} please", fuzzy=False))


@settings(max_examples=int(os.environ.get("CACHERAG_FUZZ_QUESTIONS", "150")), deadline=None)
@given(st.text(max_size=300))
def test_fuzzed_questions_never_raise_anything_untyped(rag: CacheRAG, question: str) -> None:
    try:
        answer = rag.ask(question)
    except InvalidQuestionError:
        return
    assert answer.status in {"answered", "missing"}
