"""A tenth stand-in: a small trading company's relational database (employees, suppliers, categories, products,
customers, orders and their lines; made-up rows) as the **W3C Direct Mapping** turns tables into RDF — what
R2RML / Ontop / D2RQ-style tools give a user who points them at a database: one node per row
(``<Products/ProductID=3>``), its table as its type (``<Products>``, no label), one predicate per column
(``<Products#ProductName>``, ``<Products#UnitPrice>``) and one per foreign key (``<Products#ref-SupplierID>``,
beside the key's own literal column); no ``rdfs:label`` anywhere (a row is named by a column such as
``ProductName`` or ``CompanyName``), ids as integers, dates and prices typed, order lines keyed by two columns.

``shop_questions.tsv`` (answerable, then ten the graph cannot answer) was written before the first run (session
52). Reuses the saga benchmark's runner.

    python benchmarks/shop_graph.py [--backend oxigraph|rdflib]
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote

from saga_graph import run, written

BASE = "http://shop.example.com/db/"
XSD = "http://www.w3.org/2001/XMLSchema#"
# table: (primary key columns, {foreign key column: referenced table}, rows)
TABLES: dict[str, tuple[tuple[str, ...], dict[str, str], list[dict[str, object]]]] = {
    "Employees": (("EmployeeID",), {"ReportsTo": "Employees"}, [
        {"EmployeeID": 1, "Name": "Norah Delvane", "Title": "Sales Representative", "City": "Tarrow",
         "Country": "Ostland", "HireDate": "2019-05-01", "ReportsTo": 2},
        {"EmployeeID": 2, "Name": "Anders Fulk", "Title": "Vice President, Sales", "City": "Tarrow",
         "Country": "Ostland", "HireDate": "2016-08-14"},
        {"EmployeeID": 3, "Name": "Jana Leve", "Title": "Sales Representative", "City": "Kellin",
         "Country": "Ostland", "HireDate": "2020-04-01", "ReportsTo": 2},
        {"EmployeeID": 4, "Name": "Maret Pike", "Title": "Sales Representative", "City": "Ravensholm",
         "Country": "Westmark", "HireDate": "2021-05-03", "ReportsTo": 2},
        {"EmployeeID": 5, "Name": "Stefan Bucholt", "Title": "Sales Manager", "City": "Ravensholm",
         "Country": "Westmark", "HireDate": "2018-10-17", "ReportsTo": 2},
        {"EmployeeID": 6, "Name": "Mikel Suyo", "Title": "Sales Representative", "City": "Ravensholm",
         "Country": "Westmark", "HireDate": "2022-10-17", "ReportsTo": 5},
    ]),
    "Categories": (("CategoryID",), {}, [
        {"CategoryID": 1, "CategoryName": "Beverages", "Description": "Soft drinks, coffees, teas, beers"},
        {"CategoryID": 2, "CategoryName": "Condiments", "Description": "Sweet and savory sauces and spreads"},
        {"CategoryID": 3, "CategoryName": "Seafood", "Description": "Seaweed and fish"},
        {"CategoryID": 4, "CategoryName": "Dairy Products", "Description": "Cheeses"},
    ]),
    "Suppliers": (("SupplierID",), {}, [
        {"SupplierID": 1, "CompanyName": "Brightwater Drinks", "ContactName": "Carla Coop", "City": "Tarrow",
         "Country": "Ostland"},
        {"SupplierID": 2, "CompanyName": "Kaito Provisions", "ContactName": "Yuma Okada", "City": "Hanzo",
         "Country": "Norimura"},
        {"SupplierID": 3, "CompanyName": "Fjordline Fisheries", "ContactName": "Lars Eiden", "City": "Bergvik",
         "Country": "Nordhavn"},
        {"SupplierID": 4, "CompanyName": "Alpenhof Dairy", "ContactName": "Greta Moser", "City": "Hochtal",
         "Country": "Westmark"},
    ]),
    "Products": (("ProductID",), {"SupplierID": "Suppliers", "CategoryID": "Categories"}, [
        {"ProductID": 1, "ProductName": "Chai Tea", "SupplierID": 1, "CategoryID": 1, "UnitPrice": "18.00",
         "UnitsInStock": 39, "Discontinued": False},
        {"ProductID": 2, "ProductName": "Ginger Ale", "SupplierID": 1, "CategoryID": 1, "UnitPrice": "19.00",
         "UnitsInStock": 17, "Discontinued": False},
        {"ProductID": 3, "ProductName": "Plum Sauce", "SupplierID": 2, "CategoryID": 2, "UnitPrice": "10.00",
         "UnitsInStock": 13, "Discontinued": False},
        {"ProductID": 4, "ProductName": "Kelp Flakes", "SupplierID": 2, "CategoryID": 3, "UnitPrice": "6.00",
         "UnitsInStock": 24, "Discontinued": True},
        {"ProductID": 5, "ProductName": "Smoked Herring", "SupplierID": 3, "CategoryID": 3, "UnitPrice": "25.89",
         "UnitsInStock": 10, "Discontinued": False},
        {"ProductID": 6, "ProductName": "Pickled Mackerel", "SupplierID": 3, "CategoryID": 3, "UnitPrice": "31.00",
         "UnitsInStock": 5, "Discontinued": False},
        {"ProductID": 7, "ProductName": "Mountain Cheese", "SupplierID": 4, "CategoryID": 4, "UnitPrice": "34.80",
         "UnitsInStock": 0, "Discontinued": False},
        {"ProductID": 8, "ProductName": "Herb Butter", "SupplierID": 4, "CategoryID": 4, "UnitPrice": "12.50",
         "UnitsInStock": 22, "Discontinued": False},
    ]),
    "Customers": (("CustomerID",), {}, [
        {"CustomerID": "ALFE", "CompanyName": "Alfelder Feinkost", "ContactName": "Mara Anders", "City": "Kellin",
         "Country": "Ostland"},
        {"CustomerID": "BOLM", "CompanyName": "Bolmen Market", "ContactName": "Chris Lund", "City": "Bergvik",
         "Country": "Nordhavn"},
        {"CustomerID": "CORV", "CompanyName": "Corvo Deli", "ContactName": "Pia Corvo", "City": "Hochtal",
         "Country": "Westmark"},
    ]),
    "Orders": (("OrderID",), {"CustomerID": "Customers", "EmployeeID": "Employees"}, [
        {"OrderID": 10248, "CustomerID": "ALFE", "EmployeeID": 5, "OrderDate": "2024-07-04", "ShipCity": "Kellin"},
        {"OrderID": 10249, "CustomerID": "BOLM", "EmployeeID": 6, "OrderDate": "2024-07-05", "ShipCity": "Bergvik"},
        {"OrderID": 10250, "CustomerID": "ALFE", "EmployeeID": 4, "OrderDate": "2024-07-08", "ShipCity": "Kellin"},
        {"OrderID": 10251, "CustomerID": "CORV", "EmployeeID": 3, "OrderDate": "2024-07-08", "ShipCity": "Hochtal"},
    ]),
    "Order_Details": (("OrderID", "ProductID"), {"OrderID": "Orders", "ProductID": "Products"}, [
        {"OrderID": 10248, "ProductID": 1, "Quantity": 12},
        {"OrderID": 10248, "ProductID": 7, "Quantity": 10},
        {"OrderID": 10249, "ProductID": 5, "Quantity": 9},
        {"OrderID": 10249, "ProductID": 6, "Quantity": 40},
        {"OrderID": 10250, "ProductID": 3, "Quantity": 10},
        {"OrderID": 10251, "ProductID": 8, "Quantity": 6},
        {"OrderID": 10251, "ProductID": 2, "Quantity": 15},
    ]),
}


def _row_iri(table: str, values: dict[str, object]) -> str:
    keys = TABLES[table][0]
    return f"<{BASE}{table}/{';'.join(f'{k}={quote(str(values[k]))}' for k in keys)}>"


def _literal(value: object, column: str) -> str:
    if isinstance(value, bool):
        return f'"{str(value).lower()}"^^<{XSD}boolean>'
    if isinstance(value, int):
        return f'"{value}"^^<{XSD}integer>'
    if column.endswith("Date"):
        return f'"{value}"^^<{XSD}date>'
    if column.endswith("Price"):
        return f'"{value}"^^<{XSD}decimal>'
    return f'"{value}"'


def direct_mapping() -> str:
    """The tables as the W3C Direct Mapping's N-Triples: type, one literal per column, one reference per key."""
    lines = []
    for table, (_, references, rows) in TABLES.items():
        for row in rows:
            node = _row_iri(table, row)
            lines.append(f"{node} <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <{BASE}{table}> .")
            for column, value in row.items():
                lines.append(f"{node} <{BASE}{table}#{column}> {_literal(value, column)} .")
                if column in references:
                    target = references[column]
                    keys = {TABLES[target][0][0]: value} if len(TABLES[target][0]) == 1 else {}
                    lines.append(f"{node} <{BASE}{table}#ref-{column}> {_row_iri(target, keys)} .")
    return "\n".join(lines) + "\n"


def write_graph(out: Path) -> list[Path]:
    return written(out, {"shop.nt": direct_mapping()})


if __name__ == "__main__":
    run(__doc__, write_graph, "shop")
