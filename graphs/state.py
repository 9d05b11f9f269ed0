"""The pipeline's typed state. Everything in it is plain JSON so any checkpointer can store it."""

from __future__ import annotations

from typing import Annotated, Any, Literal

# typing_extensions' TypedDict: on Python 3.11 pydantic cannot build JSON schemas from typing.TypedDict,
# and the LangGraph server needs them to show Studio's input form.
from typing_extensions import TypedDict

Status = Literal["answered", "missing"]
Verdict = Literal["COMPLETE", "INCOMPLETE"]


class Step(TypedDict):
    """One relational hop of a plan; ``inverse`` walks the predicate from object to subject."""

    predicate: str
    inverse: bool
    label: str


class ISR(TypedDict, total=False):
    """Intermediate semantic representation (CacheRAG §4.1): schema-agnostic, in the user's words."""

    topic_mention: str
    constraints: list[str]
    domain: str
    aspect: str
    aliases: dict[str, str]  # question word -> relation label it names, as history taught (statement memory)
    directions: dict[str, bool]  # predicate -> direction the question's words usually walk it in
    # alias word naming its relation the other way round ("children": parent) -> how many levels of kind it says more
    converse: dict[str, int]
    narrowed: dict[str, Membership]  # a kin word saying more ("son": a male child) -> the graph's value saying so
    named: list[NamedEntity]  # the entities the question names by a label, as written (see parse_isr)
    kind: str  # the wh-noun read as the answers' class of the graph, not a hop (see compile_query)
    checks: NamedEntity  # what a yes-no question looks for among the answers of the question it checks (yes_no)
    is_a: NamedEntity  # the kind "is <E> a *planet*" asks the graph types <E> as (yes_no)
    shared_with: Joined  # the second of "both <A> and <B>", "<A> or <B>", "besides <B>", … (conjunction)
    members_of: Membership  # the category a wh-noun names ("which *humans*"): answers are its members (categories)
    ordered_by: OrderedBy  # the measure answers are ordered by ("the *tallest*", "*taller than* 225") (ordering)
    labels_asked: LabelsAsked  # whose labels are asked, in which language ("the *French label* of <E>")


class NamedEntity(TypedDict):
    """An entity the question names by one of its labels, as written."""

    text: str
    nodes: list[str]


class LabelsAsked(NamedEntity):
    """The entity whose own names a question asks for, and the language tag they must carry ("" for its other names
    in the languages read); ``named``: the entity its name names is asked for ("which disease is also called <E>")."""

    language: str
    named: bool


class Joined(NamedEntity):
    """The second of two entities a question names at once, and how it keeps answers: "both" (those it reaches too),
    "either" (and those it reaches), "origin" (those that come from it), "without" (not itself), "whether" (yes if it
    reaches one of them too, no if not)."""

    how: str


class Membership(TypedDict):
    """A category the graph states as a node ("Human"), as the question names it, and how its members link to it."""

    text: str
    node: str
    predicate: str


class OrderedBy(TypedDict):
    """The measure a question orders its answers by (:class:`ordering.Measure`'s fields), the bound they pass (a
    value as said, or the nodes of the thing named), and the nodes of each thing it names and compares."""

    measure: dict[str, Any]
    bound: str | None
    than: list[str]
    among: list[list[str]]
    checks: bool


class MentionCandidate(TypedDict):
    text: str
    start: int
    end: int
    nodes: list[str]
    match: str
    score: float


class Topic(TypedDict):
    node: str
    label: str
    mention: str


class Example(TypedDict):
    """A cached plan selected for this question."""

    id: str
    question: str
    steps: list[Step]
    answers: list[str]
    relevance: float


class Plan(TypedDict, total=False):
    steps: list[Step]
    sparql: list[str]
    source: Literal["cache", "adapted", "composed", "compiled", "expanded", "replayed"]
    example_id: str


class Triple(TypedDict):
    """An evidence triple with readable labels, the hop it was found at and the operator that found it."""

    s: str
    p: str
    o: str
    s_label: str
    p_label: str
    o_label: str
    hop: int
    source: str


class Answer(TypedDict):
    node: str
    label: str
    score: float


class Turn(TypedDict):
    """An earlier question of the thread, with the topic it was about and its top answers."""

    question: str
    topic: Topic | None
    answers: list[Answer]


class Resolution(TypedDict):
    """How a follow-up that named no entity was read: its pronoun stands for an entity of the previous turn."""

    question: str  # the previous question
    asked: str  # the follow-up as asked
    anaphor: str
    node: str
    label: str
    role: Literal["topic", "answer"]  # the previous question's topic, or its top answer


NEW_RUN = "_new_run"


def merge_trace(left: dict[str, Any] | None, right: dict[str, Any] | None) -> dict[str, Any]:
    """Reducer of the trace: numbers add up, per-node timings accumulate, other values are replaced.

    An update carrying ``NEW_RUN`` starts a fresh trace, so a thread that asks a second question (with a
    checkpointer) does not add the first question's costs to it.
    """
    right = dict(right or {})
    merged = {} if right.pop(NEW_RUN, False) else dict(left or {})
    for key, value in right.items():
        if isinstance(value, dict):
            inner = dict(merged.get(key) or {})
            for k, v in value.items():
                inner[k] = round(inner.get(k, 0) + v, 3) if isinstance(v, int | float) else v
            merged[key] = inner
        elif isinstance(value, int | float) and not isinstance(value, bool) and key in merged:
            merged[key] = merged[key] + value
        else:
            merged[key] = value
    return merged


class InputState(TypedDict):
    question: str


class QAState(InputState, total=False):
    """Question, ISR, linking, plan, subgraph, verdict and answer, plus a trace of the run."""

    isr: ISR
    mentions: list[MentionCandidate]
    topic: Topic | None
    examples: list[Example]
    plan: Plan
    subgraph: list[Triple]
    passages: list[Triple]  # chunk —text→ text of the document chunks stating the evidence (tools/passages.py)
    replayed: list[Triple]  # edges memory replay recalled for this question (ReMindRAG eq. 2)
    traversal: dict[str, Any]  # guided traversal on a miss: {"steps": n, "tried": [...], "stopped": bool}
    frontier: dict[str, float]  # node -> number of supporting paths
    hops: int
    verdict: Verdict
    next_op: Literal["depth", "breadth"] | None
    next_step: Step | None
    answers: list[Answer]
    total: int  # how many answers the plan reached; more than ``answers`` holds when Context.max_answers cut them
    answer: str
    status: Status
    reason: str
    deadline: float | None  # epoch seconds when this question's query budget is spent (question_timeout_s)
    conversation: list[Turn]  # the thread's questions, this one last; kept across runs on a thread
    resolved_from: Resolution | None  # set when this question is a follow-up whose pronoun was resolved
    stopped: str | None  # the step at which the budget or a query's timeout ran out; the run then falls back
    trace: Annotated[dict[str, Any], merge_trace]
