"""Prompts that build a graph from documents (ReMindRAG A.2, Tables 18 and 19): entities, then relations."""

from langchain_core.prompts import ChatPromptTemplate

# Named-entity recognition over one chunk (Table 18).
ENTITIES = ChatPromptTemplate.from_messages([
    ("system",
     "Extract the named entities of the text the user gives.\n"
     "An entity is a simple, meaningful word or phrase: in 'David is seventeen years old', 'David' is an "
     "entity, 'seventeen years old' is not. An entity is a persistent concept with broad significance, not a "
     "temporary one: 'twenty years old', 'one hundred dollars' or 'building collapse' are not entities. An "
     "entity refers to a specific thing or concept with a clear identity: in 'The distance between New York "
     "and Boston is not far', 'New York' and 'Boston' are entities, 'distance' is not. Entity types include "
     "organizations, people, geographical locations, events, objects and professional concepts. An entity "
     "never contains a conjunction such as 'or' or 'and'. Copy each entity as the text writes it.\n\n"
     "Example: 'In this world, police are supposed to catch thieves.' -> [\"police\", \"thieves\"]"),
    ("human", "Text:\n{text}"),
])

# Relation-triple extraction among the entities found (Table 19).
RELATIONS = ChatPromptTemplate.from_messages([
    ("system",
     "The text the user gives contains these named entities: {entities}.\n"
     "Extract the relationships the text states between them. For each, give the subject and the object "
     "(both copied from the list), the predicate: a short phrase describing the connection (in 'Tom raises "
     "a dog', 'raises'), and the complete sentence combining subject, predicate and object. Only "
     "relationships the text states; none when it states none.\n\n"
     "Example: 'In this world, police are supposed to catch thieves.' -> subject 'police', predicate "
     "'are supposed to catch', object 'thieves', sentence 'police are supposed to catch thieves.'"),
    ("human", "Text:\n{text}"),
])
