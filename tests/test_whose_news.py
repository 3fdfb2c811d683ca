"""Whose news a document is: the organisation its headline says acted (text/extractive/
headlines.py)."""

from __future__ import annotations

from research.text.extractive.headlines import actor, anothers_news


def test_a_headline_that_leads_with_a_name_and_an_act_names_its_actor():
    assert actor("Cobaltline Automation reports 2024 revenue of $73 million") == (
        "Cobaltline Automation"
    )
    assert actor("Dutch bioplastics maker Verdane Polymers raises $60 million") == (
        "Verdane Polymers"
    )
    assert actor("负极材料企业翎岳科技完成6亿元C轮融资") == "翎岳科技"
    assert actor("晟禾食品2024年营收突破40亿元") == "晟禾食品"


def test_a_headline_that_opens_with_an_organisations_name_names_it_whatever_follows():
    assert actor("Alderbank Trust — Grants awarded 2024") == "Alderbank Trust"
    assert actor("Skerrow Sands Wind Farm") == "Skerrow Sands Wind Farm"
    assert actor("Harbour Lights: opening hours") == ""  # no kind of organisation
    assert actor("About Varnex Systems") == ""


def test_a_peers_page_that_names_the_subject_once_is_the_peers_but_a_league_of_all_is_not():
    about = (
        "Alderbank Trust — Grants awarded 2024\nAlderbank Trust gave 14 grants, more than the "
        "Merriton Foundation."
    )
    assert anothers_news(about.splitlines()[0], about, ("Merriton Foundation",))
    about = (
        "Airport Punctuality League 2023\nBrackley Airport: 81%. Fenwick Airport: 77%. "
        "Oxley Field: 74%. The Airport Punctuality League is published each March."
    )
    compared = ("Brackley Airport", "Fenwick Airport", "Oxley Field")
    assert not anothers_news(about.splitlines()[0], about, compared)


def test_a_headline_of_no_one_or_of_a_noun_that_reads_like_a_verb_has_no_actor():
    assert actor("Annual report 2024") == ""
    assert actor("RaaS plans") == ""
    assert actor("Council approves new tram depot") == ""
    assert actor("The company reports a loss") == ""


def test_a_rivals_news_that_compares_the_subject_is_the_rivals():
    about = (
        "Cobaltline Automation reports 2024 revenue of $73 million\n"
        "Cobaltline Automation, which competes with Fenwright Robotics in warehouse robots, "
        "reported revenue of $73 million for 2024, up 18%."
    )
    headline = about.splitlines()[0]
    assert anothers_news(headline, about, ("Fenwright Robotics",))


def test_news_whose_headline_names_the_subject_or_that_names_it_more_is_the_subjects():
    about = (
        "Northline Buses wins Vellmore contract\n"
        "Northline Buses will run Vellmore Transit's routes."
    )
    assert not anothers_news(about.splitlines()[0], about, ("Vellmore Transit",))
    about = (
        "Northwind Capital leads round in warehouse robots\n"
        "Fenwright Robotics raised $40 million. Fenwright Robotics will hire 80 people; "
        "Fenwright Robotics was founded in 2019."
    )
    assert not anothers_news(about.splitlines()[0], about, ("Fenwright Robotics",))
    assert not anothers_news(
        "栎川新材料完成B轮融资", "栎川新材料完成B轮融资", ("栎川新材料科技有限公司",)
    )


def test_a_chinese_headline_that_leads_with_a_rivals_name_is_the_rivals_news_not_a_citys():
    about = (
        "恒峰储能发布新一代工商业储能柜\n恒峰储能发布“峰界”系列。恒峰储能总经理表示，星衡储能等企业"
        "凭借价格优势抢占了不少份额。恒峰储能2024年营收9.7亿元。"
    )
    assert actor("恒峰储能发布新一代工商业储能柜") == "恒峰储能"
    assert anothers_news(about.splitlines()[0], about, ("星衡储能",))
    assert actor("安平港2023年集装箱吞吐量首次突破百万标箱") == "安平港"
    # a city's bulletin tells of the port in it: the city is no rival of its port
    assert actor("临川市2021年国民经济和社会发展统计公报") == ""
    assert actor("临川市园林局2024年工作总结") == ""


def test_a_rivals_story_that_names_the_subject_in_passing_is_the_rivals_but_not_the_subjects_own():
    rival = (
        "Carrow Head lighthouse reopens to visitors after five years\nCarrow Head lighthouse will "
        "welcome visitors again. Volunteers studied how Wexmoor Point runs its tours. The tower "
        "is run by the Carrow Head Heritage Group."
    )
    assert anothers_news(rival.splitlines()[0], rival, ("Wexmoor Point",))
    own = (
        "Saltmarsh Lantern enters service on the Hesketh Isle route\nPellmoor Ferries' newest "
        "ship, MV Saltmarsh Lantern, carried her first passengers. Saltmarsh Lantern seats 640."
    )
    assert not anothers_news(own.splitlines()[0], own, ("Pellmoor Ferries",))
    member = (
        "Lowmoor Junior becomes trust's sixth school\nLowmoor Junior School began the term as an "
        "academy in the Dunholm Learning Trust. Lowmoor Junior has 251 pupils."
    )
    assert not anothers_news(member.splitlines()[0], member, ("Dunholm Learning Trust",))


def test_a_rivals_page_that_quotes_the_subjects_product_in_passing_is_still_the_rivals():
    rival = (
        "Marlowe Bio starts Phase 2 trial of MB-61\nMarlowe Bio dosed the first patient. "
        "\"Unlike injectable antibodies such as Quarrelle Therapeutics' QT-114, MB-61 is a "
        'tablet," said its chief executive. Marlowe Bio raised £60 million in 2024.'
    )
    # the subject's possessive ties nothing: it is not in a sentence that names Marlowe Bio
    assert anothers_news(rival.splitlines()[0], rival, ("Quarrelle Therapeutics",))
    own = (
        "Marlowe Bio starts Phase 2 trial of MB-61\nMarlowe Bio, Quarrelle Therapeutics' "
        "spin-out, dosed the first patient. Quarrelle Therapeutics holds 40% of it."
    )
    assert not anothers_news(own.splitlines()[0], own, ("Quarrelle Therapeutics",))


def test_a_chinese_headline_that_leads_with_another_city_is_that_citys_news_beside_a_city():
    neighbour = (
        "安澜市居民用水价格保持稳定\n安澜市发改委表示，今年暂不调整居民生活用水价格。"
        "有市民问及为何柳港调价而安澜不调，安澜市发改委解释说，安澜水源为自备水库。"
    )
    assert anothers_news(neighbour.splitlines()[0], neighbour, ("柳港市",))
    # a city's bulletin of a port in it is no neighbour's news: the port is no city
    bulletin = "临川市2023年统计公报\n临川港全年集装箱吞吐量120万标箱。临川市经济平稳。"
    assert not anothers_news(bulletin.splitlines()[0], bulletin, ("临川港",))
