"""Keep a bounded, meaningful part of a cosmic-ray session: the operators that change what code decides
(negations, and/or, loops skipped, comparison boundaries, sign of a sort key, set union/intersection),
optionally a seeded random sample of them, at most N per module. Run after ``cosmic-ray init``, before
``cosmic-ray exec`` (mutants that already have a result are always kept).

    python benchmarks/mutation/select_mutants.py SESSION.sqlite [--sample N] [--seed 0]
"""

from __future__ import annotations

import argparse
import random
import sqlite3

OPERATORS = (
    "AddNot", "ReplaceUnaryOperator_Delete_Not", "ReplaceAndWithOr", "ReplaceOrWithAnd", "ReplaceTrueWithFalse",
    "ReplaceFalseWithTrue", "ZeroIterationForLoop", "ReplaceContinueWithBreak", "ReplaceUnaryOperator_Delete_USub",
    "ReplaceComparisonOperator_Gt_GtE", "ReplaceComparisonOperator_GtE_Gt", "ReplaceComparisonOperator_Lt_LtE",
    "ReplaceComparisonOperator_LtE_Lt", "ReplaceComparisonOperator_Eq_NotEq", "ReplaceComparisonOperator_NotEq_Eq",
    "ReplaceComparisonOperator_Is_IsNot", "ReplaceComparisonOperator_IsNot_Is", "ReplaceComparisonOperator_In_NotIn",
    "ReplaceComparisonOperator_NotIn_In", "ReplaceBinaryOperator_BitOr_BitAnd", "ReplaceBinaryOperator_BitAnd_BitOr",
    "ReplaceBinaryOperator_Add_Sub", "ReplaceBinaryOperator_Sub_Add",
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("session")
    parser.add_argument("--sample", type=int, default=0, help="keep at most N selected mutants per module")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    db = sqlite3.connect(args.session)
    done = {job for (job,) in db.execute("SELECT job_id FROM work_results")}
    rows = db.execute("SELECT job_id, operator_name, module_path FROM mutation_specs ORDER BY job_id").fetchall()
    keep = set(done)
    rng = random.Random(args.seed)
    for module in sorted({m for _, _, m in rows}):
        pending = [job for job, op, m in rows if m == module and job not in done
                   and op.removeprefix("core/") in OPERATORS]
        room = max(0, args.sample - sum(1 for job, _, m in rows if m == module and job in done))
        keep.update(rng.sample(pending, min(room, len(pending))) if args.sample else pending)
    drop = [(job,) for job, _, _ in rows if job not in keep]
    db.executemany("DELETE FROM mutation_specs WHERE job_id = ?", drop)
    db.executemany("DELETE FROM work_items WHERE job_id = ?", drop)
    db.commit()
    print(f"{args.session}: kept {len(keep)} of {len(rows)} mutants")


if __name__ == "__main__":
    main()
