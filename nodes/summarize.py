"""summarize: rank the answers by supporting paths and write the answer text with its evidence (and the
text of the document chunks that state it, on graphs built from documents)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from cacherag.graphs.context import Context
from cacherag.graphs.resources import Resources, resources
from cacherag.graphs.state import ISR, Answer, Joined, LabelsAsked, NamedEntity, OrderedBy, QAState, Step, Triple
from cacherag.memory.text import stem, terms
from cacherag.nodes.execute import MAX_EVIDENCE
from cacherag.nodes.grounded import (
    asked_classes,
    counts,
    is_place,
    never_own_converse,
    question_phrases,
    year_kept,
)
from cacherag.nodes.measures import Measured, bound_of, magnitude, measured, ordered
from cacherag.nodes.reasoners.converse import narrowed, said_loosely
from cacherag.nodes.reasoners.grounding import SHARING_WORDS, label_words
from cacherag.nodes.reasoners.ordering import Measure
from cacherag.nodes.subgraph import evidence as subgraph_evidence
from cacherag.nodes.subgraph import merge_triples, top_nodes
from cacherag.tools.graph_view import SCHEMA_KINDS, GraphView
from cacherag.tools.passages import passages_for
from cacherag.tools.terms import (
    RDF_TYPE,
    XSD_GYEAR,
    XSD_INTEGER,
    gloss_of,
    humanize,
    iri,
    iri_value,
    is_iri,
    is_literal,
    language,
    lexical_form,
    literal,
    relation_text,
    says_no_value,
    year_of,
)

if TYPE_CHECKING:
    from langgraph.runtime import Runtime

_TYPED = Step(predicate=iri(RDF_TYPE), inverse=False, label="type")


def summarize(state: QAState, runtime: Runtime[Context]) -> dict[str, Any]:
    context = Context.of(runtime)
    res = resources(context)
    labels_asked = state["isr"].get("labels_asked")
    if labels_asked is not None:  # "the French label of <E>", "another name for <E>": its own labels, no plan
        return _labels(res, state["question"], labels_asked)
    frontier = state["frontier"]
    # The kind the question asks for, where the graph types its nodes: "which *vehicles*" are no starships (of all
    # the nodes reached: the starships among the many things appearing in a film).
    wanted = asked_classes(res, state["isr"])
    kept = _answerable(res.view, res.view.of_kinds(list(frontier), wanted))
    if frontier and not kept and any(n.startswith(SCHEMA_KINDS) for n in frontier):
        return _missing("the plan reaches only the vocabulary the graph is described in (OWL, RDF Schema)")
    steps, topic = state["plan"].get("steps", []), state.get("topic")
    # A name two things of one kind share, the question telling them apart by nothing, is asked of both (a film and
    # its remake: "who directed The Glass Orchard"): what the plan reaches from the other too
    homonyms = _alike_homonyms(res, state["isr"], topic["node"]) if topic is not None and steps else []
    reached = Counter(path[-1] for node in homonyms for path in res.view.paths(node, steps))
    if reached:
        frontier = {**{n: float(c) for n, c in reached.items()}, **frontier}
        kept += [n for n in _answerable(res.view, res.view.of_kinds(list(reached), wanted)) if n not in kept]
    shared = state["isr"].get("shared_with")
    walked: dict[str, list[Step]] = {}
    if shared is not None:
        walked = _walked_from(res, shared, steps, wanted)
        reached = {path[-1] for node, walk in walked.items() for path in res.view.paths(node, walk)}
        if shared["how"] == "either":  # "<A> or <B>": the answers <B> reaches as well
            frontier = {**dict.fromkeys(reached, 1.0), **frontier}
            kept = res.view.of_kinds(list(frontier), wanted)
        elif shared["how"] == "without":  # "besides <B>, …": not <B> itself
            kept = [n for n in kept if n not in shared["nodes"]]
        else:  # "both <A> and <B>", "which characters from <B> …", "did <A> and <B> … together": those <B> reaches too
            kept = [n for n in kept if n in reached]
        if not kept and (shared["how"] != "whether" or not walked):
            return _missing(f"the graph states no answer but '{shared['text']}'" if shared["how"] == "without" else
                            f"the plan has no hop to walk from '{shared['text']}' too" if not walked else
                            f"no answer the plan reaches from '{topic['label'] if topic else ''}' is reached "
                            f"from '{shared['text']}' as well")
    dated = year_kept(res, state["question"], state["isr"], steps, kept)
    if dated is not None:  # "which papers did <E> write *in 2019*": those dated in it
        kept = [n for n in kept if n in dated[1]]
        if not kept:
            return _missing(f"none of the answers is dated {dated[0]}")
    members = state["isr"].get("members_of")
    if members is not None:  # "which *humans* …": those the graph links to Human as its members are
        linked = res.view.linked_to(kept, members["predicate"], members["node"])
        kept = [n for n in kept if n in linked]
        if not kept:
            return _missing(f"none of the answers is one of the '{members['text']}'")
    narrowing = narrowed(state["question"], state["isr"], steps,
                         [p.words for p in question_phrases(state["question"], state["isr"])])
    if narrowing is not None:  # "the *son* of <E>": those of its children the graph says are male (or not otherwise)
        narrow = narrowing.quality
        if narrowing.stated:
            linked = res.view.linked_to(kept, narrow["predicate"], narrow["node"])
            kept = [n for n in kept if n in linked]
        elif (otherwise := res.view.linked_otherwise(kept, narrow["predicate"], narrow["node"])) \
                and not said_loosely(res.view, res.memory.entries(res.domain), narrowing, steps[-1]):
            kept = [n for n in kept if n not in otherwise]
        if not kept:
            return _missing(f"none of the answers is a '{narrow['text']}', by what the graph says of them")
    order = state["isr"].get("ordered_by")
    ranked: list[Triple] = []
    if order is not None:  # "the *tallest* character", "*taller than* 225", "who is taller, <A> or <B>"
        outcome = _ordered(res, kept, order)
        if isinstance(outcome, str):
            return _missing(outcome)
        kept, ranked = outcome
        if not kept and not order["checks"]:
            return _missing(f"no answer passes '{' '.join(filter(None, (order['measure']['said'], order['bound'])))}'")
        frontier = {n: 1.0 - i / len(kept) for i, n in enumerate(kept)}
    nodes = top_nodes({n: frontier[n] for n in kept}, context.max_answers)
    labels = _shown(res.view, nodes)
    if topic is not None and len(steps) == 1 and topic["node"] in nodes and is_iri(topic["node"]):
        # a node the relation gives as its own value (a project's homepage at its own IRI) is that value, its IRI: its
        # name would only repeat the question's
        labels[topic["node"]] = iri_value(topic["node"])
    unknown = [n for n in nodes if says_no_value(n, labels[n])]
    if unknown:  # "unknown", "n/a": the graph says it does not know
        kept, nodes = [n for n in kept if n not in unknown], [n for n in nodes if n not in unknown]
        if not nodes:
            return _missing(f"the graph gives '{labels[unknown[0]]}' as the answer, which says it does not know it")
    if stem("year") in terms(state["question"]) and nodes and all(map(year_of, nodes)):
        # "what *year* …", "the release *year* of …" of dates: their years, each once
        labels = {n: year_of(n) or labels[n] for n in nodes}
        nodes = list({labels[n]: n for n in sorted(nodes, key=lambda n: frontier[n])}.values())
    answers = sorted((Answer(node=n, label=labels[n], score=frontier[n]) for n in nodes),
                     key=lambda a: (-a["score"], a["label"]))
    final = {a["node"] for a in answers}
    total = len(kept) if len(kept) > len(nodes) else len(answers)  # the years of many dates are fewer than them
    if counts(state["question"]) and kept and not any(map(is_literal, kept)):
        # "how many *films* …" of things (a number the graph states is the answer as it is): how many there are,
        # every one of them the evidence
        final = set(kept)
        answers = [Answer(node=literal(str(len(final)), XSD_INTEGER), label=str(len(final)), score=1.0)]
        total = 1
    if order is not None and order["checks"]:  # "is <A> taller than <B>": whether the first passes the second
        word = "yes" if kept else "no"
        answers, total, final = [Answer(node=literal(word), label=word, score=1.0)], 1, {t["s"] for t in ranked}
    if shared is not None and shared["how"] == "whether":  # "did <A> and <B> write a paper together": any shared?
        word = "yes" if kept else "no"
        answers, total, final = [Answer(node=literal(word), label=word, score=1.0)], 1, set(kept)
    is_a = state["isr"].get("is_a")
    if is_a is not None:  # "is <E> a planet": whether the graph types it so (or a subclass of it)
        typed = _kind_checked(res, kept, is_a)
        if isinstance(typed, str):
            return _missing(typed)
        answers, ranked = typed
        total, final = 1, set(kept)
    checks = state["isr"].get("checks")
    if checks is not None:  # a yes-no question: is what it checks for among the answers of the question it checks?
        found = [n for n in kept if _same(n, checks["nodes"])]
        back = _stated_back(res, checks["nodes"], steps, topic["node"] if topic else None) if not found else []
        if back and not set(label_words(steps[0]["label"])) & SHARING_WORDS:
            return _missing(f"the graph states '{steps[0]['label']}' between '{checks['text']}' and "
                            f"'{topic['label'] if topic else ''}' the other way round: it does not say which way the "
                            "question reads it")
        found = found or back  # "does <A> border <B>" over "shares border with", stated from <B> to <A>
        if not found and not _alike(res.view, checks["nodes"], kept):
            return _missing(f"the graph states what the question asks of ({answers[0]['label'] if answers else ''}…), "
                            f"nothing of the kind of '{checks['text']}': it does not say whether that is so")
        final = set(found) or set(kept)
        word = "yes" if found else "no"
        answers, total = [Answer(node=literal(word), label=word, score=1.0)], 1
    subgraph = state.get("subgraph", [])
    shown = {n for t in subgraph for n in (t["s"], t["o"])}
    if final - shown and steps and topic is not None:
        # answers kept among many the plan reached (the starships among a film's characters) have their evidence
        # beyond the walks execute kept: walk to them
        subgraph = merge_triples(subgraph, _walks(res.view, [topic["node"], *homonyms], steps, final - shown))
    if shared is not None:  # … and so do the ways the second of "both <A> and <B>" reaches them
        subgraph = merge_triples(subgraph, [t for node, walk in walked.items() for t in _walks(res.view, [node], walk,
                                                                                                  final)])
    subgraph = merge_triples(subgraph, ranked)  # each answer's value by the measure
    evidence = [t for t in subgraph if t["o"] in final or t["s"] in final] or subgraph
    passages = passages_for(res.view.kg, evidence, index=res.view.index)  # chunks stating the evidence, if any
    text = res.reasoner.summarize(state["question"], answers, evidence + passages,
                                  state["plan"].get("source") == "cache")
    unlisted = f" ({total - len(answers)} more answers not listed: max_answers is {len(answers)}.)" \
        if total > len(answers) else ""
    # what was compared or looked up stands in for the dispatcher's reason, which it never saw
    kinds = ", ".join(sorted({t["o_label"] for t in ranked}))
    reason = {"reason": f"the graph types '{ranked[0]['s_label']}' as {kinds}" if is_a else
              f"the answers compared by their '{ranked[0]['p_label']}'"} if ranked else {}
    return {"answers": answers, "total": total, "answer": text.value + unlisted, "status": "answered",
            "passages": passages, "subgraph": subgraph, "trace": text.cost(), **reason}


def _alike_homonyms(res: Resources, isr: ISR, topic: str) -> list[str]:
    """The other things the topic's mention names that have its label and its classes (a film and its remake), where
    the graph types them."""
    named = next((entity["nodes"] for entity in isr.get("named") or [] if topic in entity["nodes"]), [])
    others = [n for n in named if n != topic and is_iri(n)]
    if not others or not (kinds := res.view.types_of([topic])):
        return []
    shown = res.view.labels_of([topic, *others])
    return [n for n in others if shown[n].casefold() == shown[topic].casefold() and res.view.types_of([n]) == kinds]


def _kind_checked(res: Resources, things: list[str], is_a: NamedEntity) -> tuple[list[Answer], list[Triple]] | str:
    """Yes if the graph types the thing as the kind asked (or a subclass of it), no if it types it otherwise, with
    its types as the evidence; or why it cannot say."""
    if not res.view.types_of(things):
        return f"the graph does not say what kind of thing '{res.view.label(things[0])}' is"
    word = "yes" if res.view.of_classes(things, set(is_a["nodes"])) else "no"
    typed = [(node, _TYPED, kind, 1) for node, kind in res.view.kg.follow(things, _TYPED)]
    return [Answer(node=literal(word), label=word, score=1.0)], subgraph_evidence(res.view, typed, "plan")



def _labels(res: Resources, question: str, asked: LabelsAsked) -> dict[str, Any]:
    """The labels of the thing whose names are asked, in the language asked, or its other names in the languages
    read (not the one shown), with the statements giving them as the evidence; or why there are none."""
    stated = res.view.kg.names_of(asked["nodes"])
    shown = set(res.view.labels_of(asked["nodes"]).values())
    if asked.get("named"):  # the things the name names, with the statements naming them so
        said = asked["text"].casefold()
        named = [(n, p, t) for n, p, t in stated if lexical_form(t).casefold() == said]
        answers = [Answer(node=node, label=label, score=1.0)
                   for node, label in res.view.labels_of(list(dict.fromkeys(n for n, _, _ in named))).items()]
        if not answers:
            return _missing(f"nothing the graph names is called '{asked['text']}'")
        return _found(res, question, asked, answers, named)
    if asked["language"]:
        kept = [(n, p, t) for n, p, t in stated if (language(t) or "").split("-")[0] == asked["language"]]
    else:
        kept = [(n, p, t) for n, p, t in stated if res.view.kg.labelling.readable(t) and lexical_form(t) not in shown]
    kept = list({lexical_form(t): (n, p, t) for n, p, t in reversed(kept)}.values())[::-1]  # each name once, in order
    if not kept:
        return _missing(f"the graph gives '{asked['text']}' no " + (f"label tagged '{asked['language']}'"
                                                                    if asked["language"] else "other name"))
    return _found(res, question, asked, [Answer(node=term, label=lexical_form(term), score=1.0) for _, _, term in kept],
                  kept)


def _found(res: Resources, question: str, asked: LabelsAsked, answers: list[Answer],
           kept: list[tuple[str, str, str]]) -> dict[str, Any]:
    """The answers of a question about names, with the name statements ``kept`` as their evidence."""
    evidence = subgraph_evidence(res.view, [(node, Step(predicate=predicate, inverse=False, label=relation_text(
        lexical_form(predicate))), term, 1) for node, predicate, term in kept], "plan")
    text = res.reasoner.summarize(question, answers, evidence, False)
    return {"answers": answers, "total": len(answers), "answer": text.value, "status": "answered", "passages": [],
            "subgraph": evidence, "trace": text.cost(),
            "reason": f"what the graph calls '{asked['text']}'" if asked.get("named")
            else f"the graph's labels of '{asked['text']}'"}


def _walked_from(res: Resources, shared: Joined, steps: list[Step], wanted: set[str]) -> dict[str, list[Step]]:
    """The walk from each node of the second entity a question joins: the plan's own, or, from a place the answers
    must come from ("which characters from <B> …"), the graph's widest way from it to things of the kind asked."""
    if shared["how"] == "without":
        return {}
    if shared["how"] != "origin":
        return {node: steps for node in shared["nodes"]} if steps else {}
    return {node: list(way) for node in shared["nodes"] if wanted and is_place(res, node)
            and (way := res.view.only_way_to(node, frozenset(wanted), widest=True)) is not None}


def _ordered(res: Resources, kept: list[str], order: OrderedBy) -> tuple[list[str], list[Triple]] | str:
    """The answers the question's measure keeps, in its order, with the evidence of the values compared (see
    :mod:`measures`); or why none. Of "is <A> taller than <B>", <A> if it passes <B>."""
    measure = Measure.of(order["measure"])
    than = order["than"] or (order["among"][1] if order["checks"] else [])
    things = order["among"][0] if order["checks"] else [n for n in kept if n not in than]
    found = measured(res, [*things, *than], measure)
    if isinstance(found, str):
        return found
    for nodes in (*order["among"], *([than] if than else [])):  # each thing named has a value to compare
        if not set(nodes) & set(found.values):
            return f"the graph states no '{found.step['label']}' of '{res.view.label(nodes[0])}'"
    if than:
        bound = next(found.values[n][1] for n in than if n in found.values)
    elif order["bound"]:
        bound = bound_of(order["bound"], found.dated, measure.most_dated if found.dated else measure.most)
        if bound is None:
            return f"'{order['bound']}' is no value '{found.step['label']}' can be compared with"
    else:
        bound = None
    chosen = ordered(Measured(found.step, {n: v for n, v in found.values.items() if n in things}), measure, bound)
    shown = dict.fromkeys([*chosen, *(n for nodes in (*order["among"], than) for n in nodes if n in found.values)])
    walks = [(n, found.step, found.values[n][0], 1) for n in shown][:MAX_EVIDENCE]
    return chosen, subgraph_evidence(res.view, walks, "plan")


def _missing(reason: str) -> dict[str, Any]:
    return {"answers": [], "total": 0, "answer": f"I don't know: {reason}.", "status": "missing", "reason": reason}


def _walks(view: GraphView, starts: list[str], steps: list[Step], ends: set[str]) -> list[Triple]:
    """The evidence of the plan's walks from ``starts`` to ``ends``."""
    walks = [(path[i], step, path[i + 1], i + 1) for start in starts for path in view.paths(start, steps)
             if path[-1] in ends for i, step in enumerate(steps)]
    return subgraph_evidence(view, walks[:MAX_EVIDENCE], "plan")


def _same(node: str, checked: list[str]) -> bool:
    """``node`` is what a yes-no question checks for: the node itself, a value said alike ("blue", "blue"@en), or a
    date in the year checked for."""
    return node in checked or is_literal(node) and any(
        is_literal(c) and (lexical_form(c).casefold() == lexical_form(node).casefold()
                           or _is_year(c) and _year(node) == lexical_form(c)) for c in checked)


def _stated_back(res: Resources, checked: list[str], steps: list[Step], topic: str | None) -> list[str]:
    """Of what a yes-no question checks for, those the graph links to the topic by the plan's one relation the other
    way round ("does Soria border Dravonia", stated from Dravonia); none for a relation never its own converse
    ("is <A> <B>'s father" is no, whoever's father <B> is)."""
    # (a hop through statements or joining relations has no one way to be stated from the other end)
    if topic is None or len(steps) != 1 or not is_iri(steps[0]["predicate"]) or never_own_converse(res, steps[0]):
        return []
    # (from what is checked for, the plan's own way reaches the topic where the graph states it from the other end)
    return [src for src, dst in res.view.kg.follow(checked, steps[0]) if dst == topic]


def _is_year(term: str) -> bool:
    return term.endswith(f"^^<{XSD_GYEAR}>")


def _year(node: str) -> str | None:
    """The year a date (typed, or ISO's "1979-09-21" in plain text), or a value written as a year alone ("1980"),
    says."""
    key = magnitude(node)
    if key is not None and key[0] == 1:
        return f"{int(key[1]):04d}"
    return lexical_form(node) if is_literal(node) and lexical_form(node).isdigit() and len(lexical_form(node)) == 4 \
        else None


def _alike(view: GraphView, checked: list[str], answers: list[str]) -> bool:
    """What a yes-no question checks for is of the answers' kind (a film among films, a colour among colours, a year
    among dates), so that not finding it among them says no; not so of things of other kinds (a state among
    cities, a year among "19BBY"s)."""
    if not answers:
        return False
    if all(map(_is_year, checked)):
        return all(_year(a) is not None for a in answers)
    if all(map(is_literal, checked)):
        return all(map(is_literal, answers))
    return bool(view.types_of(checked) & view.types_of(answers))


def _answerable(view: GraphView, nodes: list[str]) -> list[str]:
    """Of ``nodes``, those that may be answers: no blank node (the plan reached named things beside them, OWL's parents
    beside restrictions), nor one given an IRI at load that nothing names, nor the vocabulary describing the graph
    ("Class" of an OWL class's type)."""
    kept = [n for n in nodes if not n.startswith(SCHEMA_KINDS)]
    nameless = view.nameless(kept)
    return [n for n in kept if n not in nameless]


def _unglossed(view: GraphView, labels: dict[str, str]) -> dict[str, str]:
    """The labels less a gloss in brackets saying the node's class ("Ilsa Brandt (Director)" of a director, as
    LinkedMDB labels a person per role): what the thing is called. The graph is asked for the classes of nodes so
    labelled only."""
    glossed = {node: split for node, label in labels.items() if (split := gloss_of(label)) is not None}
    for node, (name, gloss) in glossed.items():
        kinds = [humanize(kind).casefold() for kind in view.labels_of(sorted(view.types_of([node]))).values()]
        said = humanize(gloss).casefold()
        if any(kind == said or kind.endswith(" " + said) for kind in kinds):
            labels = {**labels, node: name}
    return labels


def _shown(view: GraphView, nodes: list[str]) -> dict[str, str]:
    """Each answer's label; an IRI the graph neither labels nor says anything of, named by no word (an ORCID, a
    DOI: an identifier pointing outside the graph) is shown whole — its last segment alone ("graft.2024.17" of a
    DOI) would not say which it is; a vocabulary's term, named by a word or a code after its '#' ("…bibtex#Book",
    GeoNames' "…ontology#T.MT"), is shown by that."""
    labels = _unglossed(view, view.labels_of(nodes))
    return {**labels, **view.shown_whole(nodes, labels)}
