"""A thirty-third stand-in: made-up recipes as food blogs mark their recipe pages up for search engines —
**schema.org ``Recipe`` in JSON-LD** after Google's recipe structured-data guidelines, one document per page
(``recipe-<n>.jsonld``), seven recipes by four authors on two sites. Most pages hold one ``Recipe`` with no ``@id``
under the remote context, written ``"@context": "https://schema.org"`` on some and ``"http://schema.org"`` on others.
Two pages of the WordPress blog write it as Yoast SEO (with a recipe plugin) does: one ``@graph`` holding a
``WebSite`` (``name``), a ``WebPage`` (``name`` the page's title, ``url``, ``isPartOf`` the site, ``datePublished``),
a ``Person`` (``name``, ``url``) and the ``Recipe``, all with ``@id``s (``https://example-food.blog/lemon-tart/#recipe``,
``https://example-food.blog/#/schema/person/<hash>``), the recipe's ``author`` and ``mainEntityOfPage`` by ``@id``;
elsewhere the ``author`` is an inline ``Person`` without one — so an author on both kinds of page is two nodes of one
name. Each ``Recipe``: ``name``, ``description``, ``image`` (a URL, or a list of URLs), ``author``,
``datePublished`` (a date, or a date-time on the Yoast pages), ``prepTime`` / ``cookTime`` / ``totalTime`` as ISO 8601
durations written as text ("PT1H15M"; one no-bake recipe has no ``cookTime``), ``recipeYield`` ("8 servings" or
"4"), ``recipeCategory``, ``recipeCuisine``, ``keywords`` (one comma-separated string), ``recipeIngredient`` (a list
of strings, "200 g plain flour"), ``recipeInstructions`` (a list of ``HowToStep`` with ``text``, and the plugin's
anchor ``url`` on the Yoast pages; on one page ``HowToSection``s with a ``name`` and ``itemListElement`` steps; on the
oldest page one plain string), ``nutrition`` (a ``NutritionInformation``: ``calories`` "320 calories",
``fatContent`` "18 g", and on some pages ``proteinContent``, ``sugarContent``, ``fiberContent``, ``servingSize``),
``aggregateRating`` (an ``AggregateRating``: ``ratingValue`` as text, ``ratingCount`` as text on the Yoast pages and a
number elsewhere), ``suitableForDiet`` (schema.org diet URLs, one or two, on five pages) and, on one page, ``video``
(a ``VideoObject``: ``name``, ``description``, ``thumbnailUrl``, ``contentUrl``, ``uploadDate``, ``duration``).

``recipes_questions.tsv`` (answerable, then ten the graph cannot answer) was written before the first run
(session 59). Reuses the saga benchmark's runner.

    python benchmarks/recipes_graph.py [--backend oxigraph|rdflib|endpoint] [--passes N]
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from saga_graph import run, written

SCHEMA = "https://schema.org/"
# site: (name, home page)
SITES = {"lemon": ("Lemon & Thyme", "https://example-food.blog/"),
         "supper": ("Sunday Supper Club", "https://sundaysupper.example/")}
# author: (site, page about them, the Yoast person hash on the WordPress blog)
AUTHORS = {"Clara Whitfield": ("lemon", "https://example-food.blog/author/clara/", "3f2a9c81d4e5b6a7"),
           "Owen Marsh": ("lemon", "https://example-food.blog/author/owen/", "8b1d07e2c3f4a596"),
           "Priya Nair": ("supper", "https://sundaysupper.example/about/priya/", None),
           "Daniel Hughes": ("supper", "https://sundaysupper.example/about/daniel/", None)}
# slug: the recipe; layout "yoast" (an @graph with @ids) or the context the page names; steps a list of texts,
#       sections (name: texts), or one string; nutrition as written; rating (value, count); diets schema.org names
RECIPES: dict[str, dict[str, Any]] = {
    "lemon-tart": dict(
        layout="yoast", title="Classic French Lemon Tart - Lemon & Thyme", name="Lemon Tart",
        author="Clara Whitfield", published="2023-03-12T09:30:00+00:00",
        description="A crisp sweet pastry shell filled with a sharp, silky lemon curd.",
        prep="PT30M", cook="PT40M", total="PT1H10M", yield_="8 servings", category="Dessert", cuisine="French",
        keywords="lemon tart, tarte au citron, citrus dessert",
        ingredients=["200 g plain flour", "100 g cold butter", "50 g icing sugar", "1 egg yolk", "4 lemons",
                     "150 g caster sugar", "4 eggs", "150 ml double cream"],
        steps={"For the pastry": ["Rub the butter into the flour and icing sugar until it looks like breadcrumbs.",
                                  "Add the egg yolk, bring the dough together and chill it for 30 minutes.",
                                  "Line the tin with the pastry and blind bake it until golden."],
               "For the filling": ["Whisk the eggs, sugar, cream and the lemons' zest and juice together.",
                                   "Pour the filling into the pastry case and bake until just set.",
                                   "Leave the tart to cool before slicing."]},
        nutrition=dict(calories="320 calories", fatContent="18 g", sugarContent="26 g", servingSize="1 slice"),
        rating=("4.8", "126"), diets=["VegetarianDiet"],
        image=["https://example-food.blog/wp-content/uploads/lemon-tart-1x1.jpg",
               "https://example-food.blog/wp-content/uploads/lemon-tart-4x3.jpg",
               "https://example-food.blog/wp-content/uploads/lemon-tart-16x9.jpg"]),
    "mushroom-risotto": dict(
        layout="yoast", title="Easy Mushroom Risotto - Lemon & Thyme", name="Mushroom Risotto", author="Owen Marsh",
        published="2023-10-05T17:45:00+00:00",
        description="Creamy arborio rice with chestnut mushrooms, white wine and parmesan.",
        prep="PT10M", cook="PT35M", total="PT45M", yield_="4", category="Main Course", cuisine="Italian",
        keywords="risotto, mushroom, vegetarian dinner",
        ingredients=["300 g arborio rice", "250 g chestnut mushrooms", "1 onion", "2 garlic cloves",
                     "125 ml dry white wine", "1 litre vegetable stock", "50 g parmesan", "30 g butter"],
        steps=["Soften the onion and garlic in half the butter, then fry the mushrooms until golden.",
               "Stir in the rice, then the wine, and let it bubble away.",
               "Add the hot stock a ladle at a time, stirring, until the rice is tender.",
               "Beat in the parmesan and the rest of the butter and rest it for two minutes."],
        nutrition=dict(calories="480 calories", fatContent="16 g", proteinContent="14 g"),
        rating=("4.6", "88"), diets=["VegetarianDiet"],
        image="https://example-food.blog/wp-content/uploads/mushroom-risotto.jpg",
        video=dict(name="How to Make Mushroom Risotto",
                   description="Owen makes a creamy mushroom risotto from start to finish.",
                   thumbnailUrl="https://example-food.blog/wp-content/uploads/mushroom-risotto-video.jpg",
                   contentUrl="https://example-food.blog/videos/mushroom-risotto.mp4", uploadDate="2023-10-05",
                   duration="PT4M12S")),
    "banana-bread": dict(
        layout="https://schema.org", name="Banana Bread", author="Clara Whitfield", published="2022-06-21",
        description="A moist loaf that uses up overripe bananas, with a crackly sugar top.",
        prep="PT15M", cook="PT1H", total="PT1H15M", yield_="10 servings", category="Breakfast", cuisine="American",
        keywords="banana bread, quick bread, overripe bananas",
        ingredients=["3 ripe bananas", "75 g melted butter", "150 g light brown sugar", "1 egg",
                     "1 tsp vanilla extract", "1 tsp bicarbonate of soda", "190 g plain flour"],
        steps=["Heat the oven and line a loaf tin.", "Mash the bananas and stir in the butter, sugar, egg and vanilla.",
               "Fold in the flour and bicarbonate of soda.", "Bake for an hour, until a skewer comes out clean."],
        nutrition=dict(calories="290 calories", fatContent="11 g"), rating=("4.9", 342), diets=["VegetarianDiet"],
        image="https://example-food.blog/wp-content/uploads/banana-bread.jpg"),
    "chicken-tikka-masala": dict(
        layout="http://schema.org", name="Chicken Tikka Masala", author="Priya Nair", published="2023-01-29",
        description="Charred yoghurt-marinated chicken in a spiced tomato and cream sauce.",
        prep="PT20M", cook="PT40M", total="PT1H", yield_="6 servings", category="Main Course", cuisine="Indian",
        keywords="chicken tikka masala, curry, indian",
        ingredients=["800 g chicken thighs", "200 g plain yoghurt", "2 tbsp garam masala", "1 onion",
                     "3 garlic cloves", "400 g chopped tomatoes", "150 ml double cream"],
        steps=["Marinate the chicken in the yoghurt and half the garam masala.",
               "Grill the chicken until charred at the edges.",
               "Fry the onion and garlic with the rest of the spice, add the tomatoes and simmer.",
               "Stir in the cream and the chicken and simmer for ten minutes."],
        nutrition=dict(calories="520 calories", fatContent="24 g", proteinContent="42 g"), rating=("4.7", 210),
        diets=[], image=["https://sundaysupper.example/img/tikka-masala-wide.jpg",
                         "https://sundaysupper.example/img/tikka-masala-square.jpg"]),
    "chana-masala": dict(
        layout="https://schema.org", name="Chana Masala", author="Priya Nair", published="2023-05-14",
        description="Chickpeas simmered in an onion, tomato and ginger gravy.",
        prep="PT10M", cook="PT30M", total="PT40M", yield_="4", category="Main Course", cuisine="Indian",
        keywords="chana masala, chickpea curry, vegan",
        ingredients=["2 tins chickpeas", "1 onion", "2 tomatoes", "1 thumb of ginger", "2 tsp garam masala",
                     "1 tsp ground cumin", "1 lemon"],
        steps=["Fry the onion and ginger until soft, then add the spices.",
               "Add the tomatoes and chickpeas and simmer for twenty minutes.",
               "Finish with a squeeze of lemon."],
        nutrition=dict(calories="310 calories", fatContent="9 g", fiberContent="11 g"), rating=("4.5", 64),
        diets=["VeganDiet", "VegetarianDiet"], image="https://sundaysupper.example/img/chana-masala.jpg"),
    "shepherds-pie": dict(
        layout="http://schema.org", name="Shepherd's Pie", author="Daniel Hughes", published="2021-11-07",
        description="Lamb mince in a rich gravy under a golden mashed potato crust.",
        prep="PT25M", cook="PT45M", total="PT1H10M", yield_="6", category="Main Course", cuisine="British",
        keywords="shepherd's pie, lamb, comfort food",
        ingredients=["500 g lamb mince", "1 onion", "2 carrots", "2 tbsp tomato purée", "300 ml lamb stock",
                     "1 kg floury potatoes", "50 g butter"],
        steps="Brown the lamb, soften the onion and carrots, stir in the purée and stock and simmer. Boil and mash "
              "the potatoes with the butter, spread them over the lamb and bake until golden.",
        nutrition=dict(calories="610 calories", fatContent="32 g"), rating=("4.4", 57), diets=[],
        image="https://sundaysupper.example/img/shepherds-pie.jpg"),
    "tiramisu": dict(
        layout="https://schema.org", name="Tiramisu", author="Daniel Hughes", published="2022-02-14",
        description="Espresso-soaked sponge fingers layered with mascarpone cream and cocoa.",
        prep="PT30M", total="PT4H30M", yield_="8 servings", category="Dessert", cuisine="Italian",
        keywords="tiramisu, no-bake dessert, coffee",
        ingredients=["3 eggs", "75 g caster sugar", "500 g mascarpone", "300 ml strong espresso",
                     "200 g sponge fingers", "2 tbsp cocoa powder"],
        steps=["Whisk the egg yolks with the sugar, then beat in the mascarpone.",
               "Whisk the whites to soft peaks and fold them in.",
               "Dip the sponge fingers in the espresso and layer them with the cream.",
               "Chill for at least four hours and dust with cocoa before serving."],
        nutrition=dict(calories="450 calories", fatContent="29 g"), rating=("4.3", 41), diets=["VegetarianDiet"],
        image=["https://sundaysupper.example/img/tiramisu-wide.jpg",
               "https://sundaysupper.example/img/tiramisu-square.jpg"]),
}


def _instructions(slug: str, entry: dict[str, Any]) -> str | list[dict[str, Any]]:
    """The recipe's ``recipeInstructions``: one string, ``HowToStep``s, or ``HowToSection``s of them (on the Yoast
    pages each step carries the plugin's anchor ``url``)."""
    steps = entry["steps"]
    if isinstance(steps, str):
        return steps
    anchor = SITES["lemon"][1] + slug + "/#wprm-recipe-step-" if entry["layout"] == "yoast" else None

    def step(text: str, k: int) -> dict[str, Any]:
        return {"@type": "HowToStep", "text": text, **({"url": f"{anchor}{k}"} if anchor else {})}

    if isinstance(steps, list):
        return [step(text, k) for k, text in enumerate(steps)]
    sections, k = [], 0
    for name, texts in steps.items():
        sections.append({"@type": "HowToSection", "name": name,
                         "itemListElement": [step(text, k + j) for j, text in enumerate(texts)]})
        k += len(texts)
    return sections


def recipe(slug: str, entry: dict[str, Any]) -> dict[str, Any]:
    """The ``Recipe`` node as the page writes it, its author inline (or by ``@id`` on a Yoast page)."""
    yoast = entry["layout"] == "yoast"
    site, about, person = AUTHORS[entry["author"]]
    markup: dict[str, Any] = {"@type": "Recipe", "name": entry["name"], "description": entry["description"],
                              "image": entry["image"]}
    if yoast:
        page_url = SITES[site][1] + slug + "/"
        markup = {"@id": page_url + "#recipe", **markup, "mainEntityOfPage": page_url,
                  "author": {"@id": f"{SITES[site][1]}#/schema/person/{person}"}}
    else:
        markup["author"] = {"@type": "Person", "name": entry["author"], "url": about}
    markup["datePublished"] = entry["published"]
    markup["prepTime"] = entry["prep"]
    if "cook" in entry:
        markup["cookTime"] = entry["cook"]
    markup |= {"totalTime": entry["total"], "recipeYield": entry["yield_"], "recipeCategory": entry["category"],
               "recipeCuisine": entry["cuisine"], "keywords": entry["keywords"],
               "recipeIngredient": entry["ingredients"], "recipeInstructions": _instructions(slug, entry),
               "nutrition": {"@type": "NutritionInformation", **entry["nutrition"]}}
    value, count = entry["rating"]
    markup["aggregateRating"] = {"@type": "AggregateRating", "ratingValue": value, "ratingCount": count}
    if entry["diets"]:
        diets = [SCHEMA + diet for diet in entry["diets"]]
        markup["suitableForDiet"] = diets[0] if len(diets) == 1 else diets
    if "video" in entry:
        markup["video"] = {"@type": "VideoObject", **entry["video"]}
    return markup


def page(slug: str, entry: dict[str, Any]) -> dict[str, Any]:
    """The page's JSON-LD: the ``Recipe`` under the context it names, or Yoast's ``@graph`` around it."""
    if entry["layout"] != "yoast":
        return {"@context": entry["layout"], **recipe(slug, entry)}
    site, about, person = AUTHORS[entry["author"]]
    name, home = SITES[site]
    page_url = home + slug + "/"
    return {"@context": "https://schema.org", "@graph": [
        {"@type": "WebSite", "@id": home + "#website", "url": home, "name": name},
        {"@type": "WebPage", "@id": page_url, "url": page_url, "name": entry["title"],
         "isPartOf": {"@id": home + "#website"}, "datePublished": entry["published"]},
        {"@type": "Person", "@id": f"{home}#/schema/person/{person}", "name": entry["author"], "url": about},
        recipe(slug, entry)]}


def write_graph(out: Path) -> list[Path]:
    """One JSON-LD document per recipe page, in ``out``; the files written."""
    return written(out, {f"recipe-{n}.jsonld": json.dumps(page(slug, entry), indent=2, ensure_ascii=False)
                         for n, (slug, entry) in enumerate(RECIPES.items(), 1)})


if __name__ == "__main__":
    run(__doc__, write_graph, "recipes")
