"""Facts behind intermediate nodes whose qualifier is a plain literal (a credit's role written as text, as
schema.org's roleName and many API dumps have it), and "how many": a number the graph states, or how many
things it lists."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from engines import engine_over

from cacherag.api import CacheRAG
from cacherag.graphs.resources import resources
from cacherag.graphs.state import Step
from cacherag.nodes.reasoners.offline import role_aliases
from cacherag.tools.kg import qualifier, through

BOOKS = """
@prefix ex: <http://example.org/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
ex:credit rdfs:label "contribution" .  ex:role rdfs:label "role" .  ex:person rdfs:label "contributor" .
ex:pages rdfs:label "number of pages" .
ex:crown rdfs:label "The Salt Crown" .  ex:tide rdfs:label "Ashen Tide" .
ex:teo rdfs:label "Teodor Vasko" .  ex:imke rdfs:label "Imke Dahlberg" .  ex:sefa rdfs:label "Sefa Oduya" .
ex:crown ex:credit ex:c1 , ex:c2 .  ex:tide ex:credit ex:c3 , ex:c4 .
ex:c1 ex:role "illustrator" ; ex:person ex:teo .  ex:c2 ex:role "editor" ; ex:person ex:imke .
ex:c3 ex:role "illustrator" ; ex:person ex:sefa .  ex:c4 ex:role "translator" ; ex:person ex:imke .
ex:crown ex:pages "412" .  ex:tide ex:pages "530" .
"""


@pytest.fixture
def rag(tmp_path: Path) -> Iterator[CacheRAG]:
    with engine_over(tmp_path, BOOKS) as engine:
        yield engine


def test_a_literal_qualifier_is_part_of_the_hop() -> None:
    hop = through(("<http://example.org/credit>", False), ("<http://example.org/person>", False),
                  ("<http://example.org/role>", '"cover \\"artist\\""@en'))
    assert qualifier(hop) == '"cover \\"artist\\""@en'


def test_a_role_written_as_text_picks_the_credit(rag: CacheRAG) -> None:
    answer = rag.ask("Who illustrated The Salt Crown?")
    assert [a.label for a in answer.answers] == ["Teodor Vasko"]
    assert '"illustrator"' in answer.plan[0]["predicate"]
    assert [a.label for a in rag.ask("Who translated Ashen Tide?").answers] == ["Imke Dahlberg"]
    # no credit of the book has that role: no answer, not another contributor
    assert rag.ask("Who translated The Salt Crown?").status == "missing"


def test_how_many_asks_for_a_number_the_plan_reaches_or_how_many_things(rag: CacheRAG) -> None:
    assert [a.label for a in rag.ask("How many pages does Ashen Tide have?").answers] == ["530"]  # not "1" value
    # things the graph lists are counted, with what was counted as the evidence
    illustrators = rag.ask("How many illustrators does Ashen Tide have?")
    assert [a.label for a in illustrators.answers] == ["1"]
    assert any("Sefa Oduya" in e.text for e in illustrators.evidence)
    assert [a.label for a in rag.ask("How many contributors does The Salt Crown have?").answers] == ["2"]
    # nothing listed is no "0": the graph does not say there are none
    assert rag.ask("How many translators does The Salt Crown have?").status == "missing"



def test_a_role_history_named_is_followed_from_either_end(rag: CacheRAG) -> None:
    # history heard "illustrated" name the illustrator credits of a book ("illustrator contributor"); from a person
    # the hop walks the same credits back, picked by the same role, and follows that relation too
    back = through(("<http://example.org/person>", True), ("<http://example.org/credit>", True),
                   ("<http://example.org/role>", '"illustrator"'))
    steps = [Step(predicate=back, inverse=False, label="illustrator contribution")]
    graph = resources(rag.context).view
    aliases = {"illustr": "illustrator contributor", "edit": "editor contributor"}
    assert role_aliases(graph, steps, aliases) == ["illustrator contributor"]


SCORED = """
@prefix ex: <http://example.org/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
ex:credit rdfs:label "credit" .  ex:role rdfs:label "role" .  ex:person rdfs:label "person" .
ex:harbor rdfs:label "Glass Harbor" .  ex:ann rdfs:label "Ann Vey" .  ex:bo rdfs:label "Bo Lund" .
ex:cy rdfs:label "Cy Mara" .  ex:di rdfs:label "Di Holm" .
ex:harbor ex:credit ex:c1 , ex:c2 , ex:c3 , ex:c4 .
ex:c1 ex:role "screenwriter" ; ex:person ex:ann .  ex:c2 ex:role "composer" ; ex:person ex:bo .
ex:c3 ex:role "director" ; ex:person ex:cy .  ex:c4 ex:role "producer" ; ex:person ex:di .
ex:Person rdfs:label "Person" .  ex:ann a ex:Person .  ex:bo a ex:Person .  ex:cy a ex:Person .  ex:di a ex:Person .
"""


def test_the_words_a_role_leaves_unsaid_may_say_another_role_of_the_topic(tmp_path: Path) -> None:
    with engine_over(tmp_path, SCORED) as rag:
        assert [a.label for a in rag.ask("Who wrote the script for Glass Harbor?").answers] == ["Ann Vey"]
        assert [a.label for a in rag.ask("Who composed the music for Glass Harbor?").answers] == ["Bo Lund"]
        # "wrote" names the screenwriter's credit, but the music written reads as the composer's: not Ann Vey
        answer = rag.ask("Who wrote the music for Glass Harbor?")
        assert answer.status == "missing" and "music" in answer.reason, answer.reason


def test_a_light_verb_beside_a_role_says_no_other_role(tmp_path: Path) -> None:
    # "writer made" reads nearer to a producer's credit than to a screenwriter's, yet "made", a verb of many senses,
    # says nothing of its own
    with engine_over(tmp_path, SCORED) as rag:
        assert [a.label for a in rag.ask("Which writer made Glass Harbor?").answers] == ["Ann Vey"]


def test_history_does_not_override_a_reading_as_another_role(tmp_path: Path) -> None:
    # after the composer's credit was asked for with "music" again and again (a word history hears naming nothing)
    # and the script asked of, "who wrote the music" still reads as the composer's credit: no screenwriter
    with engine_over(tmp_path, SCORED, learn=True) as rag:
        for question in ("Who composed the music for Glass Harbor?", "Who composed the music of Glass Harbor?",
                         "Who wrote the script for Glass Harbor?", "Who wrote the screenplay for Glass Harbor?",
                         "Who produced Glass Harbor?"):
            assert rag.ask(question).status == "answered", question
        answer = rag.ask("Who wrote the music for Glass Harbor?")
        assert answer.status == "missing", [a.label for a in answer.answers]
        # a noun asked for that no relation names is still asked for, beside a verb that names one
        answer = rag.ask("Which studio produced Glass Harbor?")
        assert answer.status == "missing" and "studio" in answer.reason, [a.label for a in answer.answers]


def test_the_judge_reads_the_noun_asked_for_and_the_other_role_whatever_history_says(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import cacherag.nodes.grounded as grounded

    producer = {"predicate": '<http://example.org/credit>/<http://example.org/person>[<http://example.org/role> '
                             '"producer"]', "inverse": False, "label": "producer person"}
    screenwriter = {**producer, "predicate": producer["predicate"].replace("producer", "screenwriter"),
                    "label": "screenwriter person"}
    harbor = "<http://example.org/harbor>"
    with engine_over(tmp_path, SCORED) as rag:
        res = resources(rag.context)
        # history taught "produced" names the producer's credit: the verb, not the noun "studio" the question asks for
        isr = {"topic_mention": "Glass Harbor", "constraints": ["Which studio produced  ?"], "domain": "d",
               "aspect": "", "aliases": {"produc": "producer person"}}
        reason = grounded.judge(res, "Which studio produced Glass Harbor?", isr, [producer], harbor)
        assert reason is not None and "studio" in reason
        # a wording that reads like a remembered one grounds a plan, but not against another role the words read as
        monkeypatch.setattr(grounded, "analogous", lambda *args: True)
        isr = {"topic_mention": "Glass Harbor", "constraints": ["Who wrote the music for  ?"], "domain": "d",
               "aspect": ""}
        reason = grounded.judge(res, "Who wrote the music for Glass Harbor?", isr, [screenwriter], harbor)
        assert reason is not None and "music" in reason
