"""The guided-traversal prompt (ReMindRAG §3.1, Appendix B.3, Table 12): one call per traversal step."""

from langchain_core.prompts import ChatPromptTemplate

# Node exploration and exploitation in one call: go forward along an edge of the current node, or back to a
# node visited before that looks more promising, or stop when nothing around leads to the answer.
TRAVERSE = ChatPromptTemplate.from_messages([
    ("system",
     "You walk a knowledge graph toward the answer of a question. The subgraph gathered so far does not answer "
     "it yet. Either go forward: pick the numbered edge of the current nodes most likely to lead to the answer; "
     "or go backward: pick the numbered visited position from which a better path is more likely; or stop when "
     "no edge and no visited position can lead to the answer."),
    ("human",
     "Question: {question}\nCurrent path from the topic: {path}\nCurrent nodes: {frontier}\n"
     "Evidence so far:\n{evidence}\n\nEdges forward from the current nodes:\n{options}\n\n"
     "Visited positions to go back to:\n{positions}"),
])
