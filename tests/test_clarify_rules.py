"""The extractive engine's rules for clarifying questions (text/extractive/clarify.py)."""

from __future__ import annotations

from datetime import date

from research.text.extractive.clarify import Result, needs_place, needs_time, questions

TODAY = date(2026, 11, 26)
CAR = [
    Result(
        "Jaguar F-Type review: the fastest Jaguar car", "A sports car with a V8 engine, Land Rover"
    ),
    Result(
        "Jaguar I-Pace electric car", "The electric car from Jaguar Land Rover, engine and range"
    ),
    Result("Jaguar XJ sedan engine specs", "Jaguar's luxury car, supercharged engine, Land Rover"),
]
CAT = [
    Result(
        "Jaguar - Wikipedia", "The jaguar (Panthera onca) is a large cat species of the Americas"
    ),
    Result(
        "Jaguar facts: the big cat", "Jaguars are the largest cat species in the Americas, Panthera"
    ),
    Result("How fast can a jaguar run?", "The cat species Panthera onca sprints in the Americas"),
]
FASTING = [
    Result("Intermittent fasting study", "A randomized trial found weight loss of 3 kg in adults"),
    Result(
        "Fasting and weight: a meta-analysis", "Trials show weight loss like calorie restriction"
    ),
    Result("Is intermittent fasting healthy?", "Doctors say fasting helps some adults lose weight"),
    Result(
        "Fasting schedules explained", "The 16:8 schedule and weight loss in adults, trial data"
    ),
]


def test_results_in_two_senses_ask_which_one_naming_each_by_its_words():
    [asked] = questions("How fast is a jaguar?", CAR + CAT, TODAY)
    assert asked.key == "sense" and "“jaguar”" in asked.question
    assert len(asked.choices) == 2
    car, cat = sorted(asked.choices, key=lambda c: "cat" in c)
    assert car.startswith("jaguar (") and "car" in car and "Land" not in cat
    assert "cat" in cat or "Panthera" in cat


def test_results_about_one_thing_ask_nothing():
    question = "What do studies say about intermittent fasting and weight loss?"
    assert questions(question, FASTING, TODAY) == []
    assert questions("How fast is a jaguar?", CAT, TODAY) == []  # only the animal was found


def test_a_policy_with_no_place_asks_where_offering_the_places_the_results_name():
    results = [
        Result("Germany's new rent cap", "The policy in Germany limits rents in Berlin"),
        Result("Rent cap: Germany and France compared", "France followed Germany's policy"),
        Result("Housing policy in Spain", "Spain debates a similar policy"),
    ]
    [asked] = questions("What is the impact of the new policy?", results, TODAY)
    assert asked.key == "place" and asked.question == "Which country or region do you mean?"
    assert asked.choices[:2] == ["Germany", "France"] and "Spain" in asked.choices


def test_a_named_place_or_a_global_question_needs_no_place():
    assert needs_place("What is the impact of the new policy?")
    assert not needs_place("What is the impact of the new policy in Germany?")
    assert not needs_place("What is the impact of the new tax in Texas?")
    assert not needs_place("What is the global impact of the new tax?")
    assert not needs_place("How does SQLite WAL mode work?")
    assert needs_place("新政策对房价的影响是什么？")
    assert not needs_place("深圳市的新政策对房价的影响是什么？")


def test_a_change_over_time_with_no_period_asks_which_period():
    assert needs_time("How has the price of solar panels changed?")
    assert needs_time("What is the growth of electric car sales?")
    assert not needs_time("How has the price of solar panels changed since 2015?")
    assert not needs_time("What is the growth of electric car sales in the last 5 years?")
    assert not needs_time("What is a jaguar?")
    assert not needs_time("请为青隼机器人撰写一份尽职调查简报：融资历史、当前收入、定价")
    [asked] = questions("How has the price of solar panels changed?", [], TODAY)
    assert asked.key == "time" and asked.choices == [
        "the last 12 months",
        "2021–2026",
        "2016–2026",
        "since 2000",
    ]


def test_a_chinese_question_is_asked_in_chinese():
    asks = questions("新政策以来房价的变化趋势如何？", [Result("中国房价", "中国的新政策")], TODAY)
    assert [a.key for a in asks] == ["place"]
    assert asks[0].question == "您问的是哪个国家或地区？" and asks[0].choices == ["中国"]
    [time] = questions("电动汽车销量的增长趋势", [], TODAY)
    assert time.question == "您关心哪个时间段？" and time.choices[0] == "过去12个月"


def test_at_most_three_questions_are_asked():
    question = "How has the new policy changed the jaguar population?"
    asks = questions(question, CAR + CAT, TODAY)
    assert [a.key for a in asks] == ["sense", "place", "time"]
