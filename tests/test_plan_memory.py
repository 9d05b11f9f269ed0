"""Plan memory: Domain → Aspect buckets, MMR diversity, relevance floor, LRU bound, durability."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import numpy as np
import pytest

from cacherag.memory import bm25
from cacherag.memory.bm25 import BM25Index, best_first
from cacherag.memory.mmr import mmr_select
from cacherag.memory.plan_memory import PlanEntry, PlanMemory


class CountingEmbeddings:
    """Deterministic stand-in for the embedding model in memory tests (it only has to be a vector)."""

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return [[float(len(t)), 1.0, 0.0] for t in texts]

    def embed_query(self, text: str) -> list[float]:
        return [float(len(text)), 1.0, 0.0]


def step(label: str, inverse: bool = False) -> dict:
    return {"predicate": f"<http://x/{label.replace(' ', '_')}>", "inverse": inverse, "label": label}


def entry(question: str, *labels: str, domain: str = "movies", aspect: str | None = None) -> PlanEntry:
    steps = [step(label) for label in labels]
    return PlanEntry(question=question, steps=steps, domain=domain, aspect=aspect or labels[-1])


@pytest.fixture
def memory(memory_dir: str) -> PlanMemory:
    return PlanMemory(memory_dir, embeddings=CountingEmbeddings())


# One pattern written five ways (same words): a bucket full of near-duplicates, plus two other phrasings.
NEAR_DUPLICATES = ["which films did <E> direct", "Which films did <E> direct?", "which films did <E> direct!",
                   "WHICH FILMS DID <E> DIRECT", "which films did <E> direct ?!"]
DIFFERENT = ["which films were directed by <E>", "<E> directed which films"]


def test_mmr_picks_diverse_plans_from_a_bucket_of_near_duplicates(memory: PlanMemory) -> None:
    memory.add_many([entry(q, "directed by") for q in NEAR_DUPLICATES + DIFFERENT])
    question = "which films did <E> direct"
    options = {"k": 3, "min_relevance": 0.05}
    plain = [r.entry.question for r in memory.retrieve(question, "movies", "directed by", use_mmr=False, **options)]
    diverse = [r.entry.question for r in memory.retrieve(question, "movies", "directed by", lam=0.5, **options)]
    assert all(q in NEAR_DUPLICATES for q in plain)   # plain BM25 top-k: three copies of one pattern
    assert diverse[0] in NEAR_DUPLICATES                # MMR still starts with the most relevant
    assert diverse[1] in DIFFERENT                      # … then prefers another phrasing to a copy
    assert sum(q in NEAR_DUPLICATES for q in diverse) < sum(q in NEAR_DUPLICATES for q in plain)


def test_mmr_select_follows_equation_1() -> None:
    relevance = [0.9, 0.85, 0.5]
    similarity = np.array([[1, 0.95, 0.1], [0.95, 1, 0.1], [0.1, 0.1, 1]])
    assert mmr_select(relevance, similarity, 2, lam=1.0) == [0, 1]   # pure relevance
    assert mmr_select(relevance, similarity, 2, lam=0.5) == [0, 2]   # 0.5*.85-.5*.95 < 0.5*.5-.5*.1


def test_pairwise_similarity_scores_each_document_as_a_query() -> None:
    corpus = [["who", "direct", "e"], ["who", "direct", "e", "film"], ["what", "genr", "is", "e"], ["e", "e", "act"]]
    index = BM25Index(corpus)
    order = [3, 0, 2, 1]
    expected = [[index.scores(corpus[i])[j] for j in order] for i in order]
    assert np.allclose(index.pairwise(order), expected)
    assert index.pairwise([]).shape == (0, 0)


def test_irrelevant_question_gets_no_examples(memory: PlanMemory) -> None:
    memory.add_many([entry(q, "directed by") for q in NEAR_DUPLICATES])
    assert memory.retrieve("what is the population of <E>", "movies", "directed by", min_relevance=0.2) == []


def test_small_aspect_bucket_relaxes_to_the_domain(memory: PlanMemory) -> None:
    memory.add_many([entry("who directed <E>", "directed by"), entry("when was <E> released", "release year"),
                     entry("who directed <E>", "directed by", domain="music")])
    found = memory.retrieve("when did <E> come out, released", "movies", "directed by", k=5)
    assert [r.entry.question for r in found] == ["when was <E> released"]  # found through the domain layer
    assert all(r.entry.domain == "movies" for r in memory.retrieve("who directed <E>", "movies", None))


def test_two_layer_index_prefers_the_aspect_bucket(memory: PlanMemory) -> None:
    memory.add_many([entry(f"who directed <E> {i}", "directed by") for i in range(5)]
                    + [entry("who directed <E> and wrote it", "written by")])
    both = {r.entry.aspect for r in memory.retrieve("who directed <E>", "movies", "directed by", k=5,
                                                     min_relevance=0.01)}
    flat = {r.entry.aspect for r in memory.retrieve("who directed <E>", "movies", "directed by", k=6,
                                                     two_layer=False, min_relevance=0.01)}
    assert both == {"directed by"} and "written by" in flat


def test_an_aspect_bucket_whose_best_is_too_weak_relaxes_to_the_domain(memory: PlanMemory) -> None:
    """Algorithm 2's relaxation: a full aspect bucket with no plan relevant enough for a hit hands the search
    to the whole domain, where a plan filed under another aspect reads like the question."""
    memory.add_many([entry(f"who directed <E> in {i}", "directed by") for i in range(5)]
                    + [entry("who directed <E> and wrote it", "written by")])
    question, options = "who directed <E> and wrote it", {"k": 5, "min_relevance": 0.05}
    strict = memory.retrieve(question, "movies", "directed by", relax_below=0.9, **options)
    assert strict[0].entry.aspect == "written by" and strict[0].relevance >= 0.9
    lenient = memory.retrieve(question, "movies", "directed by", relax_below=0.0, **options)
    assert {r.entry.aspect for r in lenient} == {"directed by"}


def test_equally_relevant_plans_are_ordered_by_how_exactly_they_read_like_the_question(memory: PlanMemory) -> None:
    """BM25 ignores word order, so a mirror image scores the same; the question's word pairs break the tie, even
    against the order the plans were remembered in."""
    mirror, exact = "films directed by <E> were written by who", "films written by <E> were directed by who"
    memory.add_many([entry(mirror, "directed by", "written by", aspect="a"),
                     entry(exact, "written by", "directed by", aspect="a")])
    found = memory.retrieve(exact, "movies", "a", k=2, use_mmr=False)
    assert [r.entry.question for r in found] == [exact, mirror] and found[0].relevance == found[1].relevance


def test_a_plan_keeps_a_bounded_part_of_long_answers(memory_dir: str) -> None:
    """Answers kept with a plan are examples, not facts: a graph's long text is cut, and marked, before it is
    stored (a 50 MB literal was stored whole in every plan that answered it)."""
    plot = "The long plot. " * 1_000
    memory = PlanMemory(memory_dir, embeddings=CountingEmbeddings())
    memory.add(PlanEntry(question="what is the plot of <E>", steps=[step("plot")], domain="movies", aspect="plot",
                         answers=[plot, "short"], topic=plot))
    memory.close()
    kept = PlanMemory(memory_dir, embeddings=CountingEmbeddings()).entries("movies")[0]
    assert kept.answers == [f"{plot[:200]}… [{len(plot) - 200:,} more characters]", "short"]
    assert kept.topic.startswith(plot[:200]) and len(kept.topic) < 250


def test_identical_question_and_plan_is_one_entry(memory: PlanMemory) -> None:
    memory.add(entry("who directed <E>", "directed by"))
    again = memory.add(entry("who directed <E>", "directed by"))
    assert len(memory) == 1 and again.hits == 2


def test_lru_bound_evicts_the_least_recently_used(memory_dir: str) -> None:
    memory = PlanMemory(memory_dir, embeddings=CountingEmbeddings(), bucket_bound=2)
    a, b = memory.add(entry("q a <E>", "genre")), memory.add(entry("q b <E>", "genre"))
    memory.touch(a)  # b is now the least recently used
    memory.add(entry("q c <E>", "genre"))
    assert {e.question for e in memory.entries()} == {"q a <E>", "q c <E>"}
    memory.add(entry("q d <E>", "release year"))  # another bucket is unaffected by this one's bound
    assert memory.stats() == {"movies": {"genre": 2, "release year": 1}}
    memory.close()  # writes are behind: close() (or exit) persists them
    reopened = PlanMemory(memory_dir, embeddings=CountingEmbeddings(), bucket_bound=2)
    assert {e.question for e in reopened.entries()} == {"q a <E>", "q c <E>", "q d <E>"}
    assert b.id not in {e.id for e in reopened.entries()}


def test_clear_removes_one_domain_or_all(memory: PlanMemory) -> None:
    memory.add_many([entry("a <E>", "genre"), entry("b <E>", "genre", domain="music")])
    assert memory.clear("music") == 1 and memory.stats() == {"movies": {"genre": 1}}
    assert memory.clear() == 1 and len(memory) == 0


WRITER = textwrap.dedent("""
    import sys
    from cacherag.memory.plan_memory import PlanEntry, PlanMemory
    sys.path.insert(0, {tests!r})
    from test_plan_memory import CountingEmbeddings
    memory = PlanMemory({directory!r}, embeddings=CountingEmbeddings())
    for i in range({count}):
        memory.add(PlanEntry(question=f"{prefix} question {{i}} <E>", domain="movies", aspect="genre",
                             steps=[{{"predicate": "<http://x/genre>", "inverse": False, "label": "genre"}}]))
    memory.close()
""")


def run_writer(directory: str, prefix: str, count: int) -> subprocess.Popen:
    code = WRITER.format(tests=str(__import__("pathlib").Path(__file__).parent), directory=directory,
                         prefix=prefix, count=count)
    return subprocess.Popen([sys.executable, "-c", code], stderr=subprocess.PIPE)


def test_memory_persists_across_processes(memory_dir: str) -> None:
    writer = run_writer(memory_dir, "first", 3)
    assert writer.wait(timeout=120) == 0, writer.stderr.read().decode()
    memory = PlanMemory(memory_dir, embeddings=CountingEmbeddings())
    assert len(memory) == 3
    found = memory.retrieve("first question 1 <E>", "movies", "genre", k=1)
    assert found[0].entry.question == "first question 1 <E>"


def test_concurrent_writers_do_not_corrupt_the_directory(memory_dir: str) -> None:
    writers = [run_writer(memory_dir, name, 15) for name in ("left", "right")]
    for writer in writers:
        assert writer.wait(timeout=180) == 0, writer.stderr.read().decode()
    memory = PlanMemory(memory_dir, embeddings=CountingEmbeddings())
    assert len(memory) == 30


def test_interrupted_writer_leaves_a_readable_directory(memory_dir: str) -> None:
    writer = run_writer(memory_dir, "killed", 10_000)
    try:
        for _ in range(600):  # wait until it has written something, then kill it mid-stream
            if PlanMemory(memory_dir, embeddings=CountingEmbeddings()).stats():
                break
            __import__("time").sleep(0.1)
    finally:
        writer.kill()
        writer.wait()
    memory = PlanMemory(memory_dir, embeddings=CountingEmbeddings())
    assert 0 < len(memory) < 10_000
    memory.add(entry("after the crash <E>", "genre"))
    assert memory.get(entry("after the crash <E>", "genre").id) is not None


@pytest.mark.parametrize(("small", "few"), [(0, 0), (0, bm25._FEW), (bm25._SMALL, bm25._FEW)],
                         ids=["maxscore", "few-postings", "default"])
def test_pruned_top_n_is_the_exhaustive_rankings_head_on_random_corpora(small: int, few: int,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """BM25Index.top (MaxScore, reading only the terms that can still matter; few postings read at once) returns
    exactly what scoring every document and sorting stably returns: the same documents, relevances to the last
    bit, ties in position order; with groups, only their documents; and the partial top-n is the stable full
    sort's head."""
    monkeypatch.setattr(bm25, "_SMALL", small)
    monkeypatch.setattr(bm25, "_FEW", few)
    rng = np.random.default_rng(0)
    pruned = 0
    for trial in range(120):
        words = [f"w{i}" for i in range(int(rng.integers(3, 120)))]
        zipf = 1 / np.arange(1, len(words) + 1)
        corpus = [list(rng.choice(words, size=int(rng.integers(0 if trial % 5 == 0 else 1, 10)), p=zipf / zipf.sum()))
                  for _ in range(int(rng.integers(1, 1500)))]
        groups = rng.integers(0, int(rng.integers(1, 30)), len(corpus))
        index = BM25Index(corpus, groups)
        for _ in range(8):
            query = list(rng.choice([*words[:12], "unseen"], size=int(rng.integers(1, 7))))
            if rng.random() < 0.3:  # a remembered question again: ties at 1.0
                query = corpus[int(rng.integers(len(corpus)))] or query
            floor, n = float(rng.choice([0.0, 0.05, 0.2, 0.5, 0.9])), int(rng.choice([1, 4, 20, 100]))
            allowed = None if rng.random() < 0.3 else sorted(set(rng.choice(groups, size=3).tolist()))
            full = index.scores(query)
            candidates = np.flatnonzero((full >= floor) & (True if allowed is None else np.isin(groups, allowed)))
            expected = candidates[np.argsort(-full[candidates], kind="stable")[:n]]
            ids, relevance = index.top(query, n, floor, allowed)
            assert ids.tolist() == expected.tolist()
            assert relevance.tolist() == full[expected].tolist()
            pruned += floor > 0 and len(ids) == n
    assert pruned > 100  # the cases where a bound can cut reading short were exercised
    values = np.round(rng.random(300), 1)  # many ties
    for n in (1, 7, 20, 300, 400):
        assert best_first(values, n).tolist() == np.argsort(-values, kind="stable")[:n].tolist()
