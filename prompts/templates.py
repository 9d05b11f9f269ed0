"""Chat prompt templates, one per reasoner role."""

from langchain_core.prompts import ChatPromptTemplate

# Schema-agnostic ISR extraction (paper §4.1, stage 1): no predicate names, only the user's words.
ISR = ChatPromptTemplate.from_messages([
    ("system",
     "Extract the main entity and key constraints from the question. Do NOT generate knowledge-graph "
     "predicates or schema-specific terms: use only the natural language expressions from the user's "
     "question. The main entity is the span of the question naming the thing asked about, copied "
     "verbatim. The aspect is one or two words naming what is asked for (e.g. 'director', 'year')."),
    ("human", "Question: {question}"),
])

# Schema-constrained compilation (paper §4.1, stage 2): choose only among the local schema's predicates.
COMPILE = ChatPromptTemplate.from_messages([
    ("system",
     "You compile a question into a path of relations over a knowledge graph, starting at the topic "
     "entity. Think step by step, then answer. Choose each hop ONLY from the numbered predicates of the "
     "local schema given (a predicate marked 'incoming' is walked from object to subject). Use at most "
     "{max_hops} hops; when a later hop's predicate is not in the list, stop the path where the list ends, "
     "the executor will expand from there. Cached examples show plans that answered similar questions."),
    ("human",
     "Question: {question}\nTopic entity: {topic}\nConstraints: {constraints}\n\n"
     "Local schema of the topic entity:\n{schema}\n\nCached examples:\n{examples}"),
])

# Heuristic dispatcher (paper §4.3): is the subgraph complete, else which edge to follow next.
DISPATCH = ChatPromptTemplate.from_messages([
    ("system",
     "You judge whether the retrieved subgraph answers the question. If it does, say complete. If not, "
     "choose the next relation to follow from the frontier's predicates (by number), or choose a broad "
     "neighbourhood scan when none of them fits."),
    ("human",
     "Question: {question}\nPath so far: {path}\nCurrent candidate answers: {frontier}\n"
     "Evidence:\n{evidence}\n\nPredicates around the candidates:\n{schema}"),
])

SUMMARIZE = ChatPromptTemplate.from_messages([
    ("system",
     "Answer the question in one or two sentences using only the evidence triples and the ranked "
     "candidate answers. Do not add facts that are not in the evidence."),
    ("human", "Question: {question}\nRanked answers: {answers}\nEvidence:\n{evidence}"),
])

# Algorithm 1, step 7.3: the graph gave no complete answer within the bounds.
FALLBACK = ChatPromptTemplate.from_messages([
    ("system",
     "The knowledge graph could not answer this question within its hop bound ({reason}). Answer from "
     "your own knowledge in one sentence, or reply exactly 'I don't know' if you are not sure."),
    ("human", "{question}"),
])

# Auto-generation (paper §4.4, "Auto-Generation Prompt Skeleton"): questions from sampled triples.
AUTOGEN = ChatPromptTemplate.from_messages([
    ("system",
     "You are an expert in question generation. Your task is to generate reasonable natural language "
     "questions based on the provided KG triples.\n"
     "- Generate up to 5 questions that humans might naturally ask.\n"
     "- Avoid meaningless ID-based or purely numerical questions (respond with no questions if unavoidable).\n"
     "- Crucial: generate both simple questions (1 triple) AND complex questions that chain several "
     "triples from the first one on.\n"
     "- Every question names the entity '{entity}' exactly as written.\n"
     "For each question give the question, the numbers of the triples it uses and the answer."),
    ("human", "Current triples:\n{triples}"),
])

# Multi-KG routing (paper Appendix A.7): pick the knowledge graph whose description fits the question.
ROUTE = ChatPromptTemplate.from_messages([
    ("system",
     "Determine which external data source (knowledge graph) is most suitable for answering the question. "
     "Think step by step about what the question asks for and what each knowledge graph covers, then "
     "choose one by name.\n\nKnowledge graphs:\n{descriptions}"),
    ("human", "Question: {question}"),
])

# Multi-KG routing (paper Appendix A.7, "Multi-KG Domain Description Update Skeleton").
UPDATE_DESCRIPTIONS = ChatPromptTemplate.from_messages([
    ("system",
     "You will be given a set of KGs with descriptions, your task is to refine the descriptions of the KGs. "
     "These are the current descriptions of the KGs:\n{descriptions}\n\n"
     "In the previous round, you were asked to determine which external data source is most suitable for "
     "answering this question. Based on the KG descriptions, you thought the most appropriate data source "
     "was {chosen}, for the question {question}. Your reasoning process was: {reasoning}. Your selection "
     "was wrong: the question was answered by {correct}. Based on this answering history, please update "
     "the KG descriptions to better answer the question in the next round. Please focus on identifying the "
     "differences between different KGs, try to avoid overlapping descriptions for different KGs!"),
    ("human", "Return the updated description of every knowledge graph."),
])
