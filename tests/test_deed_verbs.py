"""A verb no relation of the graph names, after a wh-noun that names one: a verb too general to say more (WordNet's
light verbs: "what instrument does <E> *play*") or a way of doing what the relation's verb says ("which award did
<E> *win*": received) leaves the relation to the noun; a verb naming a deed of its own does not ("which films did
<E> *narrate*" are no films <E> appears in: `missing`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_counting import GALAXY
from test_lexicon import assert_cold_answer, built

from cacherag.tools.lexicon import lexicon

SPOKEN = GALAXY + """
:Species rdfs:label "Species" .  :language rdfs:label "language" .
:kashrani a :Species ; rdfs:label "Kashrani" ; :language "Kashra" ; :film :night .
:composer rdfs:label "composer" .  :awardReceived rdfs:label "award received" .  :Award rdfs:label "Award" .
:night :composer :joel .  :joel rdfs:label "Joel Aberline" ; :awardReceived :reel .
:reel a :Award ; rdfs:label "Golden Reel Award" .
"""


@pytest.mark.parametrize(("question", "answers"), [
    ("Which films did Ann Vale appear in?", {"The Long Night", "A Distant Dawn"}),
    ("Which films did Ann Vale narrate?", None),
    ("Which films did Bo Tarn sing in?", None),
    ("Which starships did Ann Vale train?", None),
    ("Which films did Bo Tarn score?", None),  # scoring and filming are both ways of recording: no matter
    ("How many films did Ann Vale narrate?", None),  # nor are they counted
    ("How many people live on Meridia?", {"4500000"}),  # of an amount stated, the verb says what it measures
    ("What language do the Kashrani speak?", {"Kashra"}),  # speaking makes speech, a language
    ("Which films did the Kashrani speak in?", None),
    # the verb of a chain's last hop, after "has": what the composer won is what he received
    ("What awards has the composer of The Long Night won?", {"Golden Reel Award"}),
    ("What awards has the composer of The Long Night lost?", None),
])
def test_a_verb_naming_a_deed_of_its_own_must_be_a_relation(tmp_path: Path, question: str,
                                                          answers: set[str] | None) -> None:
    assert_cold_answer(tmp_path, SPOKEN, question, answers)


def test_which_verbs_leave_the_relation_to_the_noun() -> None:
    words = lexicon()
    assert words.makes("speak", "language") and words.makes("sing", "songs") and not words.makes("narrate", "film")
    assert words.light("play") and words.light("falls") and words.light("made")
    assert not words.light("narrate") and not words.light("sing") and not words.light("directed")


def test_light_verbs_are_built_from_the_sense_counts_of_wordnet_s_index(tmp_path: Path) -> None:
    entries = {  # "play" has 35 senses in WordNet 3.0, "narrate" 2 (this little index says so too)
        "index.noun": "", "data.noun": "", "noun.exc": "", "verb.exc": "",
        "index.verb": "play v 35 0 35 0 00000001  \nnarrate v 2 0 2 0 00000002  \n",
        "data.verb": "00000001 41 v 01 play 0 000 00 | play a game  \n00000002 32 v 01 narrate 0 000 00 | tell  \n",
    }
    words = built(tmp_path, entries)
    assert words.light("played") and not words.light("narrated")
