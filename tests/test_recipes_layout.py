"""What the recipes stand-in (``benchmarks/recipes_graph.py``, recipe pages' schema.org JSON-LD) taught, on a page in
that layout written here: "how much" and "how long" are answered by a measure ("24 g") or a duration ("PT4M12S"),
which say no date, while an offer's date is no price (see ``test_bsbm_layout.py``); the word said right before the
topic as what it is ("the *recipe* for <E>") names no relation."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from engines import answered, module_engine

from cacherag.api import CacheRAG

PAGE = json.dumps({
    "@context": "https://schema.org", "@type": "Recipe", "name": "Chicken Tikka Masala",
    "datePublished": "2024-02-11", "prepTime": "PT15M", "cookTime": "PT40M",
    "author": {"@type": "Person", "name": "Priya Nair"},
    "recipeCuisine": "Indian", "recipeCategory": "Main course", "recipeYield": "4 servings",
    "nutrition": {"@type": "NutritionInformation", "calories": "610 calories", "fatContent": "24 g",
                  "proteinContent": "42 g"},
    "video": {"@type": "VideoObject", "name": "Tikka masala in four minutes", "uploadDate": "2024-02-12",
              "duration": "PT4M12S"},
})


@pytest.fixture(scope="module")
def recipes(tmp_path_factory: pytest.TempPathFactory) -> Iterator[CacheRAG]:
    yield from module_engine(tmp_path_factory, "recipes", PAGE, name="recipe.jsonld")


def test_how_much_and_how_long_are_answered_by_measures_and_durations(recipes: CacheRAG) -> None:
    assert answered(recipes, "How much fat is in chicken tikka masala?") == {"24 g"}
    assert answered(recipes, "How long is the video for the chicken tikka masala?") == {"PT4M12S"}
    # a span of time is how long something takes: the video's "duration" is not named instead
    assert answered(recipes, "How long is the prep time for chicken tikka masala?") == {"PT15M"}


def test_a_word_said_before_the_topic_as_what_it_is_names_no_relation(recipes: CacheRAG) -> None:
    # "recipe" begins many of the page's relations ("recipe cuisine"), and here says what the topic is
    assert answered(recipes, "Who wrote the recipe for Chicken Tikka Masala?") == {"Priya Nair"}
    # … not said so, it still asks for recipes: not their author
    assert "Priya Nair" not in answered(recipes, "Which recipes did the author of Chicken Tikka Masala write?")
