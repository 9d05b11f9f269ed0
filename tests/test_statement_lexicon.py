"""The relation lexicon statements learn: which words of remembered questions name which relation."""

from __future__ import annotations

from pathlib import Path

import pytest

from cacherag.memory.statements import StatementMemory
from cacherag.memory.text import terms

PARENTS = {"predicate": "ex:parents", "inverse": False, "label": "parents"}
RELIGION = {"predicate": "ex:religion", "inverse": False, "label": "religion"}
LABELS = ("parents", "religion", "profession", "institution")


@pytest.fixture
def memory(tmp_path: Path) -> StatementMemory:
    return StatementMemory(tmp_path / "memory")  # nothing is flushed, so nothing is embedded


def aliases(memory: StatementMemory, question: str, said: dict[str, int] | None = None) -> dict[str, str]:
    return memory.aliases("d", terms(question), LABELS, said)


def test_a_word_beside_one_that_names_the_relation_on_its_own_learns_nothing(memory: StatementMemory) -> None:
    for _ in range(3):
        memory.learn("d", "who is <E> 's mom ?", [PARENTS])
        memory.learn("d", "what is <E> 's mom practice ?", [PARENTS])
    assert aliases(memory, "mom") == {terms("mom")[0]: "parents"}
    # "mom" explains the phrase; "practice" stood beside it, it named nothing.
    assert aliases(memory, "practice") == {}


def test_words_that_only_name_a_relation_together_both_learn_it(memory: StatementMemory) -> None:
    for _ in range(3):
        memory.learn("d", "what is <E> 's folk elder ?", [PARENTS])
    assert aliases(memory, "folk elder") == {terms("folk")[0]: "parents", terms("elder")[0]: "parents"}


def test_a_word_names_a_relation_only_in_most_of_the_questions_it_is_said_in(memory: StatementMemory) -> None:
    for _ in range(2):
        memory.learn("d", "who is <E> 's dad ?", [PARENTS])
    assert aliases(memory, "dad", said={"dad": 3}) == {"dad": "parents"}
    assert aliases(memory, "dad", said={"dad": 4}) == {}  # half is no majority
