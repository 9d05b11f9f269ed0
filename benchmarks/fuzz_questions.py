"""Fuzz ``CacheRAG.ask`` with generated questions (issue 14: 10,000 fuzzed questions, 0 uncaught exceptions).

Questions are drawn from four seeded generators over the graph's own labels, so most reach the pipeline's
deeper stages rather than stopping at linking:
- **asked**: a wh-word, one to three relation labels of the graph and an entity label, in the shapes people
  write ("who is the X of Y", "Y's X", "which X did Y …"), then mutated (below) half of the time;
- **mutated**: the same, always mutated one to four times: characters inserted (lone surrogates, control and
  bidi characters, zero-width and combining marks, emoji, other scripts), deleted or swapped, words repeated,
  case flipped, other entity labels stuffed in, SPARQL, markup or format strings spliced in, cut short,
  repeated past the length bound;
- **soup**: labels, relation words and function words in random order;
- **noise**: random code points (surrogates and controls included), 0–300 of them.

Every question must end ``answered`` or ``missing``, or be refused with :class:`InvalidQuestionError`; any
other exception escaping ``ask`` is counted as a failure (typed ``CacheRAGError``s apart from untyped ones),
and so is a question that runs past ``question_timeout_s`` by more than 0.5 s. The engine memorizes as it
goes (the default), so memory writes are fuzzed too. Exit status 1 on any failure; 3 when the process grows
past ``--max-rss-gb`` (the question being asked is named).

    python benchmarks/fuzz_questions.py --questions 10000            # the demo graph
    python benchmarks/fuzz_questions.py --kg STORE --questions 2000  # any graph cacherag opens
    python benchmarks/fuzz_questions.py --kg tests/data/saga.ttl --backend rdflib --questions 2000
"""

from __future__ import annotations

import argparse
import collections
import os
import random
import resource
import statistics
import sys
import tempfile
import threading
import time
import traceback

from cacherag import CacheRAG, InvalidQuestionError
from cacherag.graphs.resources import resources
from cacherag.tools.errors import CacheRAGError
from cacherag.tools.sources import open_kg

WH = ("who", "what", "which", "when", "where", "how many", "Who", "What is", "Which", "name the")
FUNCTION = ("the", "of", "is", "was", "did", "in", "by", "and", "or", "not", "'s", "a", "to", "with", "?")
TRICKY = ("\ud800", "\udfff", "\udcff", "\x00", "\x07", "\x1b[31m", "\r", "\n", "\t", "\u202e", "\u202c",
          "\u200b", "\ufeff", "\u0301", "\u0336", "🎬", "👩‍👩‍👧", "𝕋", "ß", "İ", "ﬁ", "日本", "مرحبا", "Ω", "\u00a0")
SPLICED = ('"} ; DROP ALL #', "' UNION SELECT * WHERE { ?s ?p ?o }", "INSERT DATA { <a> <b> <c> }", "#\rDROP ALL",
           "<http://127.0.0.1:9/x>", "SERVICE <http://127.0.0.1:9/>", "{0} %s %n", "<E>", "<script>", "../../etc",
           "file:///etc/hostname", '{"@context": "http://127.0.0.1:9/"}', "\\u0000", "?x", "$x", "LIMIT 0")
CODE_POINTS = ((0x0, 0x7F), (0x80, 0x2FF), (0x300, 0x36F), (0x370, 0x52F), (0x590, 0x6FF), (0x900, 0x97F),
               (0x2000, 0x206F), (0x3040, 0x30FF), (0x4E00, 0x4FFF), (0xD800, 0xDFFF), (0xFE00, 0xFEFF),
               (0x1F300, 0x1F6FF), (0x1D400, 0x1D4FF))


class Generator:
    """Seeded questions over one graph's entity and relation labels."""

    def __init__(self, seed: int, entities: list[str], relations: list[str], max_chars: int) -> None:
        self.rng = random.Random(seed)
        self.entities, self.relations, self.max_chars = entities, relations, max_chars

    def asked(self) -> str:
        rng = self.rng
        chain = rng.sample(self.relations, min(len(self.relations), rng.randint(1, 3)))
        entity = rng.choice(self.entities)
        shape = rng.randrange(4)
        if shape == 0:
            return f"{rng.choice(WH)} is the {' of the '.join(chain)} of {entity}?"
        if shape == 1:
            return f"{rng.choice(WH)} is {entity} 's " + " 's ".join(reversed(chain))
        if shape == 2:
            return f"{rng.choice(WH)} {chain[0]} did {entity} {' '.join(chain[1:])}".strip()
        return f"{entity} {chain[0]} {rng.choice(WH)}"

    def mutated(self, question: str | None = None) -> str:
        rng, text = self.rng, question or self.asked()
        for _ in range(rng.randint(1, 4)):
            at = rng.randint(0, len(text))
            op = rng.randrange(9)
            if op == 0:
                text = text[:at] + rng.choice(TRICKY) + text[at:]
            elif op == 1 and text:
                text = text[:at] + text[at + 1:]
            elif op == 2 and len(text) > at + 1:
                text = text[:at] + text[at + 1] + text[at] + text[at + 2:]
            elif op == 3:
                words = text.split()
                if words:
                    word = rng.randrange(len(words))
                    words[word:word] = [words[word]] * rng.randint(1, 5)
                    text = " ".join(words)
            elif op == 4:
                text = text.swapcase() if rng.random() < 0.5 else text.upper()
            elif op == 5:
                text = text[:at] + " " + ", ".join(rng.sample(self.entities, min(len(self.entities),
                                                                                  rng.randint(2, 60)))) + text[at:]
            elif op == 6:
                text = text[:at] + rng.choice(SPLICED) + text[at:]
            elif op == 7:
                text = text[:at]
            else:
                text = (text + " ") * rng.randint(2, max(2, self.max_chars // max(1, len(text)) + 2))
        return text

    def soup(self) -> str:
        rng = self.rng
        pool = [*rng.sample(self.entities, min(3, len(self.entities))), *rng.sample(self.relations,
                                                                                   min(3, len(self.relations)))]
        pool += [rng.choice(FUNCTION) for _ in range(rng.randint(0, 8))]
        rng.shuffle(pool)
        return " ".join(pool)

    def noise(self) -> str:
        rng = self.rng
        return "".join(chr(rng.randint(*rng.choice(CODE_POINTS))) for _ in range(rng.randint(0, 300)))

    def question(self) -> tuple[str, str]:
        kind = self.rng.choices(("asked", "mutated", "soup", "noise"), weights=(3, 4, 2, 1))[0]
        if kind == "asked":
            text = self.asked()
            return kind, self.mutated(text) if self.rng.random() < 0.5 else text
        return kind, getattr(self, kind)()


class Watchdog(threading.Thread):
    """Ends the process, naming the question being asked, when its resident memory passes a bound: a question
    that makes the engine grow without bound would otherwise take the machine down with it."""

    def __init__(self, max_gb: float) -> None:
        super().__init__(daemon=True)
        self.max_bytes, self.question = max_gb * 2**30, ""
        self.start()

    def run(self) -> None:
        page = os.sysconf("SC_PAGE_SIZE")
        while True:
            with open("/proc/self/statm") as statm:
                resident = int(statm.read().split()[1]) * page
            if resident > self.max_bytes:
                print(f"resident memory {resident / 2**30:.1f} GB > {self.max_bytes / 2**30:.1f} GB while asking "
                      f"{self.question}", flush=True)
                os._exit(3)
            time.sleep(0.1)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--kg", default="demo", help="the graph (anything cacherag opens; default: demo)")
    parser.add_argument("--backend", default="auto", choices=("auto", "oxigraph", "rdflib"),
                        help="the backend a graph file is queried with (kg_backend)")
    parser.add_argument("--questions", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--memory-dir", help="memory directory (default: a fresh temporary one)")
    parser.add_argument("--skip", type=int, default=0, help="generate but do not ask the first N (to replay one)")
    parser.add_argument("--max-rss-gb", type=float, default=2.0,
                        help="stop, naming the question being asked, when the process grows past this (default 2)")
    args = parser.parse_args()
    rag = CacheRAG(args.kg, memory_dir=args.memory_dir or tempfile.mkdtemp(prefix="fuzz-memory-"),
                   kg_backend=args.backend)
    ctx = rag.context
    entities = sorted({label for _, label in open_kg(args.kg).label_rows if label.strip()})
    relations = sorted(resources(ctx).view.relation_labels)
    generator = Generator(args.seed, entities, relations, ctx.max_question_chars)
    outcomes: collections.Counter[str] = collections.Counter()
    by_kind: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    failures: list[tuple[str, str, str]] = []
    slow: list[tuple[float, str]] = []
    times: list[float] = []
    started = time.perf_counter()
    asking = Watchdog(args.max_rss_gb)
    for n in range(1, args.questions + 1):
        kind, question = generator.question()
        if n <= args.skip:
            continue
        asking.question = f"#{n} ({kind}): {question[:300]!r}"
        begun = time.perf_counter()
        try:
            outcome = rag.ask(question).status
        except InvalidQuestionError:
            outcome = "refused"
        except CacheRAGError as exc:
            outcome = "typed error"
            failures.append((type(exc).__name__, question, str(exc)))
        except Exception as exc:  # noqa: BLE001 - counting what escapes is the point
            outcome = "untyped error"
            failures.append((type(exc).__name__, question, traceback.format_exc(limit=4)))
        elapsed = time.perf_counter() - begun
        times.append(elapsed)
        if elapsed > ctx.question_timeout_s + 0.5:
            slow.append((elapsed, question))
        outcomes[outcome] += 1
        by_kind[kind][outcome] += 1
        if n % 500 == 0 or n == args.questions:
            print(f"  {n:,}/{args.questions:,} questions, {time.perf_counter() - started:.0f} s, "
                  f"{len(failures)} escaped, {len(slow)} over the deadline", file=sys.stderr, flush=True)
    rag.close()
    times.sort()
    print(f"{args.questions - args.skip:,} fuzzed questions on {args.kg} ({args.backend}, seed {args.seed}): "
          + ", ".join(f"{k} {v:,}" for k, v in sorted(outcomes.items())))
    for kind, counts in sorted(by_kind.items()):
        print(f"  {kind:8} " + ", ".join(f"{k} {v:,}" for k, v in sorted(counts.items())))
    print(f"latency p50 {statistics.median(times) * 1000:.1f} ms, p99 {times[int(0.99 * len(times))] * 1000:.1f} ms, "
          f"max {times[-1] * 1000:.0f} ms; peak RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")
    print(f"escaped ask: {len(failures)}; over question_timeout_s + 0.5 s: {len(slow)}")
    for name, question, detail in failures[:10]:
        print(f"--- {name}: {question[:200]!r}\n{detail}")
    for elapsed, question in slow[:10]:
        print(f"--- {elapsed:.1f} s: {question[:200]!r}")
    return 1 if failures or slow else 0


if __name__ == "__main__":
    sys.exit(main())
