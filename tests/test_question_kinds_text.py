"""Questions of every kind read without a model (issue 41): the things a comparison names, the
questions a question asks, a question as a heading, the subject and the things whose names
collide with it, and documents of rules."""

from __future__ import annotations

from research.text.extractive import genre, prospects
from research.text.extractive.aspects import (
    aspects,
    part_phrase,
    question_phrase,
    sub_questions,
    subject_names,
    subject_part,
)
from research.text.extractive.concepts import heading_for, said_for
from research.text.extractive.disclaimers import disclaims
from research.text.extractive.names import named_in, named_things, subject_phrases, title
from research.text.extractive.namesakes import names_another, names_thing
from research.text.extractive.other_kinds import other_measure

CITIES = (
    "Compare the population growth from 2023 to 2024 of Arden, Briskholm, Calloway, Dunmore, "
    "Eskern and Fallowmere"
)


def test_a_comparison_names_its_things_and_the_period_after_the_list_applies_to_all():
    bikes = named_things(
        "Compare the revenue of Aurora Bikes, Boreal Cycles and Cirrus Bikes from 2021 to 2023"
    )
    assert bikes is not None
    assert bikes.names == ("Aurora Bikes", "Boreal Cycles", "Cirrus Bikes")
    assert (bikes.measure, bikes.scope) == ("revenue", "from 2021 to 2023")
    assert title("Cirrus Bikes", bikes) == "Cirrus Bikes: revenue 2021–2023"
    cities = named_things(CITIES)
    assert cities is not None and cities.names[0] == "Arden" and len(cities.names) == 6
    assert cities.measure == "population growth"
    phones = named_things("How do the Lumo X2, Pebble Pro and Zenith S4 compare on battery life?")
    assert phones is not None and phones.names == ("Lumo X2", "Pebble Pro", "Zenith S4")
    assert phones.measure == "battery life"
    desks = named_things(
        "Compare hot desk prices at Hivebase, Ledgerloft and Nook Studios in Dublin."
    )
    assert desks is not None and desks.names == ("Hivebase", "Ledgerloft", "Nook Studios")
    assert desks.scope == "in Dublin"  # the place after the list, as a period: for all of them
    two = named_things("Which had more passengers in 2024, Harrowgate Coaches or Veltmoor Buses?")
    assert two is not None and two.names == ("Harrowgate Coaches", "Veltmoor Buses")
    assert named_things("Which of Kestow Water and Aldby Water had the lowest leakage?")
    assert named_things("What did Aurora Bikes and Boreal Cycles announce?") is None  # no comparing
    water = named_things(
        "Which of Kestow Water, Dunmere Water and Aldby Water had the lowest leakage in 2023-24?"
    )
    assert water is not None and title("Aldby Water", water) == "Aldby Water: leakage 2023-24"


def test_an_ampersand_joins_the_words_of_one_name_in_a_list_and_parts_two_names_alone():
    spaces = named_things(
        "How do The Loom, Brickyard Desk, Nest & Anchor and Halden Hub compare on hot desk price?"
    )
    assert spaces is not None
    assert spaces.names[1:] == ("Brickyard Desk", "Nest & Anchor", "Halden Hub")
    shops = named_things("Compare Marks & Spencer, Tesco and Sainsbury's on revenue")
    assert shops is not None and shops.names == ("Marks & Spencer", "Tesco", "Sainsbury's")
    two = named_things("Compare Aurora & Boreal on revenue")
    assert two is not None and two.names == ("Aurora", "Boreal")


def test_out_of_before_a_list_of_names_is_no_part_of_the_first():
    water = named_things(
        "Out of Tarnwick Water, Elsmoor Water and Fenby Water Services, which one leaks the most?"
    )
    assert water is not None
    assert water.names == ("Tarnwick Water", "Elsmoor Water", "Fenby Water Services")


def test_a_chinese_comparison_names_its_things_and_keeps_the_period_out_of_the_last():
    found = named_things("比较阿登、布里斯克霍姆和卡洛威2023年至2024年的人口增长")
    assert found is not None
    assert found.names == ("阿登", "布里斯克霍姆", "卡洛威")
    assert (found.measure, found.scope) == ("人口增长", "2023年至2024年")
    assert title("阿登", found) == "阿登：人口增长（2023年至2024年）"


def test_a_brief_with_parts_or_a_question_about_one_thing_compares_nothing():
    assert (
        named_things("Prepare a brief on Kestrel Robotics: its funding history, and pricing.")
        is None
    )
    assert named_things("请为青隼撰写简报：融资历史、当前收入、定价") is None
    assert (
        named_things("How has Lakemoor's public transit ridership changed from 2019 to 2025?")
        is None
    )


def test_a_quote_is_about_the_thing_it_names_not_as_a_possessive_and_not_a_namesake():
    names = ("Aurora Bikes", "Boreal Cycles", "Cirrus Bikes")
    rival = "Boreal Cycles, Aurora's largest rival, reported revenue of $19.7 million."
    assert named_in(rival, names) == ["Boreal Cycles", "Aurora Bikes"]
    assert named_in("Aurora Borealis Tours grew its bookings.", names) == []
    assert named_in("Arden Foods Ltd reported revenue.", ("Arden", "Briskholm")) == []


def test_the_subject_is_the_name_a_question_opens_with_in_either_language():
    def phrases(question: str) -> tuple[str, ...]:
        return subject_phrases(subject_part(question))

    assert phrases("What was Kestrel Robotics' revenue in fiscal 2025?") == ("Kestrel Robotics",)
    assert phrases("How does the Port of Saltmarsh's truck gate work?") == ("Port of Saltmarsh",)
    assert phrases("2019年至2025年临澜市常住人口是如何变化的？") == ("临澜市",)
    assert phrases("星衡机器人的创始人是谁？") == ("星衡机器人",)
    assert phrases("请整理一份关于星曜储能的尽调简报：融资情况、营收") == ("星曜储能",)
    assert phrases("博川市博物馆2025年有哪些临时展览？") == ("博川市博物馆",)  # a city's museum
    # asked which things came to it: the subject follows the verb
    assert phrases("2022年以来，有哪些企业入驻了江屿高新技术产业园？") == ("江屿高新技术产业园",)
    # a possessive inside the name: the owner and the thing owned, each a name of the subject
    bars = "How did Salmonella end up in Brennock Foods' Harvest Oat Bars, leading to a recall?"
    assert phrases(bars) == (
        "Brennock Foods' Harvest Oat Bars",
        "Harvest Oat Bars",
        "Brennock Foods",
        "Salmonella",
    )
    assert phrases("What was McDonald's Corp. revenue in 2023?") == ("McDonald's Corp.",)


def test_a_namesake_organisation_is_another_thing_but_a_product_of_the_subject_is_not():
    assert names_another("Vellmar Brewing Co. brewed 3.1 million litres.", "Vellmar Island")
    assert names_another(
        "The Sorrelwick Energy Co-operative raised £3.1 million.", "Sorrelwick Energy"
    )
    assert not names_thing(
        "The Sorrelwick Energy Co-operative raised £3.1 million.", "Sorrelwick Energy"
    )
    assert names_thing("Sorrelwick Energy Annual Report 2025", "Sorrelwick Energy")
    assert not names_another("Quillon Cold-Brew Concentrate, 1 L", "Quillon Foods")
    assert names_another("西安星衡智能科技有限公司完成B轮融资", "星衡机器人")
    assert not names_another("临澜市统计局发布公报", "临澜市")
    park = "江屿生态公园湖畔商业街迎来三家新商户入驻"  # a park of the name, beside the tech park
    assert names_another(park, "江屿高新技术产业园", every=True)


def test_a_question_of_several_questions_is_split_and_each_reads_as_a_heading():
    question = (
        "What was Kestrel Robotics' revenue in fiscal 2025, how many robots did it ship that "
        "year, and who is its chief executive?"
    )
    assert [question_phrase(q) for q in sub_questions(question)] == [
        "Kestrel Robotics' revenue in fiscal 2025",
        "How many robots did it ship that year",
        "Chief executive",
    ]
    newsletter = (
        "I'm writing a piece on the research vessel Senna Halloway for our newsletter. How long "
        "is she, when was she launched, and how many crew does she carry?"
    )
    assert [part_phrase(p) for p in aspects(newsletter)] == [
        "Length",  # not "She", nor the opening sentence
        "When was she launched",
        "Crew",
    ]
    assert sub_questions(newsletter)[0] == "How long is she"
    chinese = "临州地铁5号线是哪天开通运营的？线路全长多少公里、设多少座车站？最终总投资是多少？"
    assert [question_phrase(q) for q in sub_questions(chinese)] == [
        "临州地铁5号线开通运营",
        "线路全长",
        "设车站",
        "最终总投资",
    ]
    assert sub_questions("How does Quillon Foods make its cold-brew coffee concentrate?") == []


def test_a_question_about_a_change_reads_as_the_measure_and_its_period():
    assert (
        question_phrase("How has household water use in Pellham changed from 2019 to 2025?")
        == "Household water use in Pellham from 2019 to 2025"
    )
    assert question_phrase("List the member towns of the Tallowmere Water Board.") == (
        "Member towns of the Tallowmere Water Board"
    )


def test_a_question_of_what_a_thing_has_reads_as_the_thing_and_what_is_asked_of_it():
    assert question_phrase("What safety features does the Corvane T4 forklift have?") == (
        "Corvane T4 forklift: safety features"
    )
    assert question_phrase("Which kinds of loans does Brackenfield Bank offer?") == (
        "Brackenfield Bank: loans"
    )


def test_a_question_of_which_things_are_somewhere_reads_as_those_things_there():
    assert question_phrase("Which Fennick heater models are included in the 2025 recall?") == (
        "Fennick heater models included in the 2025 recall"
    )
    assert question_phrase("Which stops will be on Greyhaven's new tram Line 3?") == (
        "Stops on Greyhaven's new tram Line 3"
    )
    # a copula before a noun would read badly as a heading: the question stays as asked
    assert question_phrase("Which towns are members of the Tallowmere Water Board?") == (
        "Which towns are members of the Tallowmere Water Board"
    )


def test_a_policy_or_notice_is_a_document_of_rules_and_a_report_is_not():
    policy = (
        "Staff must book travel through the portal. Receipts should be submitted within 30 days. "
        "Do not charge a battery above 80% overnight. The policy applies from 1 May 2025."
    )
    report = (
        "Revenue rose to $15.2 million in fiscal 2025. The fleet grew to 1,240 robots. "
        "Gross margin improved to 31%. The company opened two new sites."
    )
    notice = (
        "本办法适用于全体员工。差旅费用应在返回后十日内报销。严禁虚报费用。公司今年新增两个办公室。"
    )
    assert genre.of_rules(policy) and not genre.of_rules(report) and genre.of_rules(notice)
    assert genre.asks_about_rules("What is Kestrel's remote-work policy?")
    assert not genre.asks_about_rules("What was Kestrel's revenue in 2025?")
    eligibility = (
        "Voluntary groups and charities based in Harwick can apply for grants of £1,000 to "
        "£35,000. Individuals and profit-making businesses cannot apply. Applications for the "
        "2025 round close on 31 March."
    )
    grants = (
        "The fund awarded £212,400 to 14 groups in its 2025 round. Harwick Food Bank received "
        "£35,000. The choir received £4,200."
    )
    assert genre.of_rules(eligibility) and not genre.of_rules(grants)
    how_to_apply = (
        "1. Check you are eligible: a Marrowgate household, school or non-profit.\n"
        "2. Grants range from £500 to £25,000.\n"
        "3. Download the form and send it with two quotes from installers.\n"
        "4. Trustees meet in March, June, September and December.\n"
        "5. You will hear within six weeks of the meeting."
    )
    assert genre.of_rules(how_to_apply)
    subsidies = "澜湾新区2024年针对小微企业有哪些补贴政策？"
    inspection = "关于开展2024年春季安全生产大检查的通知。各企业要落实安全生产主体责任。"
    assert genre.of_other_rules(inspection, subsidies)
    assert not genre.of_other_rules("首次贷款贴息、创业场地租金补贴等六项政策。", subsidies)
    assert genre.of_other_rules("Staff must wear vests.", "What is Kestrel's remote-work policy?")
    assert not genre.of_other_rules("Staff must wear vests.", "What are the rules?")
    assert genre.administrative("fund/grant-application-guidance.md", "How big is the fund?")


def test_a_name_said_before_what_it_offers_is_the_subjects_own_offer():
    letter = "Our Thornby Assist tariff cuts bills by up to 50% for households on low incomes."
    assert not names_another(letter, "Thornby Water", "Why did Thornby Water raise bills?")
    assert names_another("Thornby Wanderers raise ticket prices.", "Thornby Water")


def test_a_chinese_namesake_goes_on_to_a_kind_of_organisation_and_a_place_name_does_not():
    assert names_another("澜川新材料股份有限公司发布年报", "澜川新能源")
    assert names_another("青禾教育科技完成融资", "青禾科技")
    assert not names_another("南屿市人民政府发布通知", "南屿地铁")
    assert not names_another("青禾科技2025年年报", "青禾科技")


def test_a_chinese_comparison_without_a_verb_ends_its_list_at_a_count_word():
    found = named_things("极卷T20、洁鹿X5、拓米S8和云朵M3四款扫地机器人在吸力和售价上有何差异？")
    assert found is not None
    assert found.names == ("极卷T20", "洁鹿X5", "拓米S8", "云朵M3")
    assert found.measure == "吸力和售价"


def test_a_document_kept_in_an_administrative_folder_is_left_out_unless_the_question_asks():
    question = "How does the Port of Saltmarsh's automated truck gate process a container pickup?"
    assert genre.administrative("it/staff-gate-badge-upgrade.md", question)
    assert genre.administrative("hr/travel-expense-policy.md", question)
    assert genre.administrative("/yunxiutech/news/fraud-warning.html", question)
    assert genre.administrative("行政/夏季办公区防火安全通知.md", question)
    assert not genre.administrative("reports/annual-report-2025.pdf", question)
    assert not genre.administrative("legal/lpa-key-terms.docx", question)  # a fund's terms
    assert not genre.administrative("pricing/water-tariff-notice-2025.md", question)
    assert not genre.administrative("公告/2025-06-19-起火初步情况通报.md", question)
    assert not genre.administrative("news/is-it-safe.html", question)  # a file name's "it"
    assert genre.administrative("legal/modern-slavery-statement.html", question)  # by law
    assert not genre.administrative("hr/hiring-plan.md", "What is the HR hiring plan for 2026?")
    assert genre.administrative("council/housing-officer-vacancy.html", "How have prices changed?")
    # "it" inside a word of the question ("with", "city") asks nothing about IT
    assert genre.administrative("it/badge-upgrade.md", "Which city sites opened with robots?")


def test_a_chinese_namesake_of_another_kind_of_organisation_is_told_apart():
    assert names_another("2025年，云岫资本旗下基金共完成新投资11笔。", "云岫科技")
    assert not names_another("云岫科技2025年完成了三笔收购。", "云岫科技")


def test_a_companys_legal_form_or_the_questions_full_stop_is_no_other_name():
    assert not names_another("Brimfield Inns Ltd was founded in 1962.", "Brimfield Inns")
    assert names_another("Arden Foods Ltd said it would close the mill.", "Arden")
    question = "Compare the room count of Harrow Valley Hotels, Quayside Stays and Brimfield Inns."
    assert subject_phrases(subject_part(question))[-1] != "Brimfield Inns."
    assert "Brimfield Inns" in subject_phrases(subject_part(question))


def test_a_request_in_several_sentences_names_only_its_subject():
    question = (
        "We're thinking of bidding for Veltro Logistics. Can you pull together a due-diligence "
        "brief: who owns it, how big it is financially, and any lawsuits?"
    )
    assert subject_phrases(subject_part(question)) == ("Veltro Logistics",)
    assert subject_names(question) == "Veltro Logistics"
    assert subject_phrases("Prepare a brief on J. P. Morgan Bank. Include revenue.") == (
        "J. P. Morgan Bank",
    )


def test_a_chinese_subject_ends_where_a_time_word_or_a_pointing_word_begins():
    assert subject_phrases("启明电池去年良品率为什么掉得那么厉害？") == ("启明电池",)
    assert subject_phrases("云岫科技今年完成了哪些收购？") == ("云岫科技",)


def test_a_name_that_goes_on_to_another_companys_legal_form_is_a_namesake():
    text = "Veltro Logistica S.p.A., the Genoa-based freight forwarder, reported revenue."
    assert names_another(text, "Veltro Logistics")
    assert not names_thing(text, "Veltro Logistics")
    assert not names_another("Veltro Logistics Ltd reported revenue.", "Veltro Logistics")


def test_a_part_asked_in_plain_words_is_searched_and_titled_in_the_documents_words():
    assert heading_for("who owns it") == "Ownership"
    assert heading_for("who's running it") == "Leadership"
    assert heading_for("any lawsuits") == "Litigation"
    assert heading_for("funding history") == ""  # a heading already
    assert heading_for("主要客户是谁") == "主要客户"
    assert {"stake", "shareholders", "shares"} <= set(said_for("who owns it").split())
    assert "tribunal" in said_for("any disputes").split()
    assert "debt" not in said_for("how much debt it has").split()  # the part has it
    assert said_for("诉讼纠纷") and all(not w.isascii() for w in said_for("诉讼纠纷").split())
    assert said_for("its history") == ""
    assert heading_for("who does it partner with") == "Partnerships"
    assert {"licence", "agreement", "collaboration"} <= set(said_for("partnerships").split())
    assert heading_for("what features has it added") == "Features"
    assert "release" in said_for("features added since 2023").split()  # release notes


def test_a_due_diligence_request_names_its_subject_and_titles_each_part_asked_as_a_question():
    question = (
        "Due diligence on Orla Veterinary Group before a possible acquisition: how many clinics "
        "does it run, what were its 2023 revenue and EBITDA, who owns it, how many vets does it "
        "employ, has it had regulatory problems, and what are its expansion plans?"
    )
    assert subject_names(question) == "Orla Veterinary Group"  # "Due" only opens the request
    parts = aspects(question)
    assert [heading_for(p) or part_phrase(p) for p in parts] == [
        "Clinics",  # what it runs, counted: no question of who runs it
        "Financial results",
        "EBITDA",
        "Ownership",
        "Vets",
        "Regulatory problems",
        "Expansion plans",
    ]
    assert part_phrase("funding history") == "funding history"  # a heading already


def test_a_clubs_football_club_form_is_its_own_name_and_another_clubs_kind_is_not():
    club = "Redbourne Rovers"
    assert names_thing("Redbourne Rovers Football Club has published its accounts.", club)
    assert names_thing("Redbourne Rovers FC finished second.", club)
    assert not names_thing("Redbourne Rovers Cricket Club fields four XIs.", club)
    assert not names_thing("Redbourne Rovers CC fields four XIs.", club)
    assert not names_thing("Pembury Vale FC won.", "Pembury Vale")  # a place's: another club


def test_a_name_after_upper_lower_or_a_direction_is_another_places():
    upper = "Upper Lathbury Reservoir was completed in 1904 and holds 3,150 megalitres."
    assert not names_thing(upper, "Lathbury Reservoir")
    assert names_another(upper, "Lathbury Reservoir")
    assert names_thing("Lathbury Reservoir holds 9,400 megalitres.", "Lathbury Reservoir")
    headline = "New Lathbury Reservoir Opens"  # a headline's capitals: the same reservoir
    assert names_thing(headline, "Lathbury Reservoir")


def test_a_chinese_list_ends_at_this_many_and_its_measure_may_follow_a_comma():
    bikes = named_things(
        "小澜X5、驰途T3、轻羽Air、风行F2这四款电动自行车，续航和价格分别是多少？哪款更划算？"
    )
    assert bikes is not None
    assert bikes.names == ("小澜X5", "驰途T3", "轻羽Air", "风行F2")
    assert bikes.measure == "续航和价格"


def test_a_name_going_on_to_the_kind_of_thing_asked_for_is_one_of_the_subjects_own():
    asked = "鹿鸣医疗集团旗下目前有哪些医院？各有多少张床位？"
    assert subject_phrases(asked) == ("鹿鸣医疗集团",)
    assert not names_another("鹿鸣康复医院新康复楼启用", "鹿鸣医疗集团", asked)
    assert names_another("鹿鸣康复医院新康复楼启用", "鹿鸣医疗集团")  # asked nothing of hospitals
    hotels = "Which hotels does Brimfield Group run, and how many rooms has each?"
    assert not names_another("The Brimfield Harbour Hotel has 80 rooms.", "Brimfield Group", hotels)
    robots = "What was Kestrel Robotics' revenue, and how many robots did it ship?"
    assert names_another("Kestrel Aerial Robotics had a record year.", "Kestrel Robotics", robots)


def test_a_comparison_asked_as_which_is_highest_asks_that_measure_and_the_one_compared():
    mills = named_things(
        "Which of Pellmore Foods, Garrow Dairy, Nettlebrook Farms and Ashcombe Mills had the "
        "highest revenue in 2025, and how do their operating margins compare?"
    )
    assert mills is not None and mills.names[-1] == "Ashcombe Mills"
    assert mills.measure == "revenue and operating margins"
    rivers = named_things("青溪河、蒙江和曲澜江的干流长度和多年平均年径流量相比如何？")
    assert rivers is not None and rivers.measure == "干流长度和多年平均年径流量"


def test_a_sibling_name_of_the_same_shape_is_another_things_but_a_longer_one_may_not_be():
    assert names_another("Skelby Sound Seafoods, the fishermen's co-op", "Skelby Sound Ferries")
    assert not names_another("Corran Narrows Fixed Link — business case", "Corran Narrows Bridge")
    assert not names_another("Ferries cross Skelby Sound daily", "Skelby Sound Ferries")


def test_a_chinese_subject_is_what_follows_that_and_ends_where_the_asking_begins():
    asked = "澄江新区那个蓝鲸数据中心规模有多大？总共投了多少钱？"
    assert subject_phrases(asked) == ("蓝鲸数据中心规模",)  # the sources then settle its end
    assert names_another("深圳蓝鲸数据科技有限公司发布半年报", "蓝鲸数据中心")


def test_how_big_asks_for_size_unless_it_asks_how_big_financially():
    assert heading_for("How big is the Marrow Creek Solar Farm") == "Size"
    assert "hectares" in said_for("How big is the Marrow Creek Solar Farm").split()
    assert heading_for("how big it is financially") == "Financial results"
    assert heading_for("how much electricity did it put out last year") == "Generation"
    assert heading_for("规模有多大") == "规模"


def test_the_size_of_a_fund_is_what_it_holds_and_of_a_reservoir_its_capacity():
    fund = said_for("current size", "the Marrowgate Community Energy Fund").split()
    assert "stands" in fund and "hectares" not in fund  # "the fund now stands at £2.35 million"
    reservoir = said_for("current size", "Lathbury Reservoir").split()
    assert "hectares" in reservoir and "stands" not in reservoir
    assert "资产" in said_for("规模有多大", "启衡医疗健康产业基金").split()
    school = said_for("size", "Wyncote Academy").split()
    assert "pupils" in school and "hectares" not in school  # "a school of 1,140 pupils"


def test_a_funds_grants_are_its_awards_and_their_recipients():
    said = said_for("Which groups received grants from the Orrin Valley Community Fund").split()
    assert {"award", "recipient"} <= set(said)  # "Recipient: …; Award: £48,000"
    assert heading_for("Which grants did it make") == "Grants"


def test_a_school_is_run_by_its_head_and_a_company_by_its_chief_executive():
    assert "headteacher" in said_for("who runs it", "Wyncote Academy").split()
    assert "CEO" not in said_for("who runs it", "Wyncote Academy").split()
    assert "CEO" in said_for("who runs it", "Kestrel Robotics").split()
    assert heading_for("who runs it") == "Leadership"


def test_what_a_thing_holds_asks_its_capacity_but_what_a_company_holds_does_not():
    assert heading_for("How much water can the reservoir hold") == "Capacity"
    assert heading_for("How many spectators does the arena seat") == "Capacity"
    assert heading_for("What stake does Harbrook hold") != "Capacity"


def test_a_document_that_tells_itself_apart_from_the_subject_is_another_things():
    garrow = (
        "Garrow Dairy Equipment posts record 2025 revenue. Garrow Dairy Equipment Ltd reported "
        "revenue of $61.4 million. The company, which is not connected to the milk processor "
        "Garrow Dairy, shipped 1,930 units."
    )
    assert disclaims(garrow, "Garrow Dairy")
    valley = (
        "Keswater Valley has 41,200 people. It is a separate district from the city of Keswater"
    )
    assert disclaims(valley, "Keswater")
    tiles = "Tamberlin Tiles, which has no connection with the audio maker of a similar name, grew"
    assert disclaims(tiles, "Tamberlin Audio")
    winery = "The winery, which is not connected with the fruit cooperative, plans to grow."
    assert disclaims(winery, "Valdera Fruit Cooperative")  # called by its words after the first
    assert not disclaims(
        "It is not tied to the fruit cooperative movement.", "Valdera Fruit Cooperative"
    )
    assert disclaims("望潮食品是一家食品企业，与望潮港务集团无隶属关系。", "望潮港")
    assert disclaims("鹭川有轨电车与鹭川地铁分属不同运营公司。", "鹭川地铁3号线")
    # the subject's own document may tell itself apart from a namesake
    own = "Tamberlin Audio has no connection with the tile maker of a similar name."
    assert not disclaims(own, "Tamberlin Audio")
    assert not disclaims("Dunmere is separate from Keswater. Keswater's rate is 4%.", "Keswater")
    assert not disclaims("鹭川地铁与鹭川有轨电车分属不同运营公司。", "鹭川地铁3号线")
    assert not disclaims("Keswater's population grew 2% in 2024.", "Keswater")
    # a namesake that says it only shares the name, or that it is run apart
    assert disclaims("星曜文化传媒是短剧公司。该公司与储能企业星曜储能仅名称相近。", "星曜储能")
    assert disclaims("岚溪水库通过验收。该水库与云栖县岚溪古镇同名，是中型水库。", "岚溪古镇")
    museum = "博川美术馆位于文化中心东侧，与同在文化中心的博川市博物馆相邻，两馆分属不同单位管理。"
    assert disclaims(museum, "博川市博物馆")
    tea = "青柚茶饮新开门店四百家。青柚茶饮创立于2017年，与同名手机品牌没有任何关系。"
    assert disclaims(tea, "青柚")  # its own name holds the name it tells itself apart from
    assert not disclaims("青柚手机出货量增长。青柚与同名茶饮品牌没有任何关系。", "青柚")
    county = "榆岚县隶属于东岙市，与榆岚市无行政隶属关系。"
    assert disclaims(county, "榆岚市")


def test_a_name_parting_from_the_subjects_after_its_first_word_is_another_things():
    assert names_another("Mirelle Cosmetics, the Paris skincare brand", "Mirelle Robotics")
    assert names_another("Aldercrest Airsoft runs skirmish days", "Aldercrest Airways")
    assert names_another("Verrin Hall — Weddings and Events", "Verrin HX-40")
    assert not names_another("Verrin HX Series — Datasheet", "Verrin HX-40")  # its family
    assert not names_another("Managed cloud: Quarry Cloud", "Quarry 2")  # a version's maker
    assert not names_another("System: Orbis DB; Managed cloud: Orbis Cloud\nSystem:", "Orbis DB 4")
    assert not names_another("Mirelle's robots and the Mirelle Annual Report", "Mirelle Robotics")
    assert names_thing("Verrin Heating launched the HX-40 today", "Verrin HX-40")


def test_a_chinese_namesake_is_another_place_or_business_and_not_the_subjects_own():
    for text, name in (
        ("到2028年，北辰区冷库总容量达到55万吨", "北辰冷链物流"),
        ("北辰冷饮今年推出6款雪糕新品", "北辰冷链物流"),
        ("江州市晟海路将于3月12日起封闭施工", "晟海市"),
        ("晟海电器一季度实现营收12.6亿元", "晟海市"),
        ("云雾镇隶属邻省望江县", "云雾县"),
        ("云雾山景区2023年共接待游客155万人次", "云雾县"),  # a mountain, not the county
        ("鹭州航空2024年完成旅客运输量", "鹭州地铁"),
        ("南屿地铁置业有限公司成立于2015年", "南屿地铁"),
        ("市域铁路S5线由临州市域铁路公司建设运营", "临州地铁5号线"),
    ):
        assert names_another(text, name), text
    for text, name in (
        ("北辰冷链的冷库", "北辰冷链物流"),
        ("北辰公司表示", "北辰冷链物流"),
        ("鹭州市轨道交通客运量", "鹭州地铁"),  # the city it is named after
        ("安禾快贷上线半年", "安禾农商银行"),  # a product of its own
        ("蓝汀北环快速路正式开工", "蓝汀市"),
        ("南屿地铁集团", "南屿地铁"),
        ("启衡医疗健康产业基金二期投资团队", "启衡医疗健康产业基金二期"),
    ):
        assert not names_another(text, name), text
    asked = "鹿鸣医疗集团旗下目前有哪些医院？"
    assert not names_another("鹿鸣湖滨医院", "鹿鸣医疗集团", asked)
    assert names_thing("启衡资本完成医疗健康产业基金二期最终关账", "启衡医疗健康产业基金二期")


def test_a_chinese_subject_follows_the_request_and_the_date_and_keeps_its_organisation():
    assert subject_phrases("帮我梳理一下北辰冷链物流的情况") == ("北辰冷链物流",)
    assert subject_phrases("3月12日晟海市大面积停电是怎么发生的？") == ("晟海市",)
    assert subject_phrases("2018年到2023年，云雾县的茶叶出口量是怎么变化的？") == ("云雾县",)
    assert subject_phrases("请为岚溪市水务集团撰写发债尽职调查简报") == ("岚溪市水务集团",)
    assert subject_phrases("请为启衡医疗健康产业基金二期撰写简报") == ("启衡医疗健康产业基金二期",)
    assert subject_phrases("2019年至2025年临澜市常住人口是如何变化的") == ("临澜市",)


def test_a_name_opening_with_a_generic_word_is_told_by_the_words_after_it():
    assert names_another("The Ellery Valley Tours coach", "Port Ellery")
    assert names_another("Saltmarsh Port Brewing Co. opens a taproom", "Port of Saltmarsh")
    assert not names_another("Port Ellery welcomed 526,000 cruise passengers", "Port Ellery")
    # another kind of place of the same distinctive word, but not the place's own parts
    assert names_another("The Ellery Valley district, 30 km inland, welcomed", "Port Ellery")
    assert not names_another("Port Ellery Valley coach tours", "Port Ellery")
    # the council of the place runs its libraries, not its hospital
    assert not names_another("Brackenfield Council — Library Report", "Brackenfield Libraries")
    assert names_another("Brackwater County Council payroll", "Brackwater General Hospital")


def test_a_comparison_reads_the_before_each_name_and_every_measure_however_it_is_asked():
    rivers = named_things(
        "How do the Tamsell, the Orrin and the Keddle compare in terms of length?"
    )
    assert rivers is not None and rivers.names == ("Tamsell", "Orrin", "Keddle")
    assert rivers.measure == "length"
    bikes = named_things(
        "I'm choosing between Harlow Bikes, Vantor Cycles and Brisk Mobility — how do their "
        "e-bike prices and battery ranges differ?"
    )
    assert bikes is not None and bikes.measure == "e-bike prices and battery ranges"
    water = named_things(
        "Between Greyfield Water, Southmere Water and Aldbury Water, which had the fewest supply "
        "interruptions, and how do their average bills compare?"
    )
    assert water is not None and water.measure == "supply interruptions and average bills"
    watches = named_things("Lumo X2 vs Pebble Pro 3 vs Arden S5: battery life and weight")
    assert watches is not None and watches.measure == "battery life and weight"
    inverters = named_things(
        "Which is the best value among the Solvane S5, Brightwell HX-6 and Ostra Volt 5000 home "
        "solar inverters? Compare their maximum efficiency and price."
    )
    assert inverters is not None and inverters.measure == "maximum efficiency and price"
    towns = named_things("Harlow, Brent and Cole: compare them on population and area.")
    assert towns is not None and towns.measure == "population and area"


def test_a_chinese_comparison_asked_how_they_differ_or_which_is_highest_names_its_things():
    phones = named_things("星禾 A7、云帆 Pro 2 和墨石 M9 这三款手机的电池容量和起售价有什么不同？")
    assert phones is not None and phones.names == ("星禾 A7", "云帆 Pro 2", "墨石 M9")
    assert phones.measure == "电池容量和起售价"
    assert named_in("星禾A7的电池容量为5000mAh", phones.names) == ["星禾 A7"]
    assert named_in("星禾A75的电池", phones.names) == []
    schools = named_things(
        "东陵大学、南屿理工学院和北川师范大学，哪所学校2023届毕业生的就业率最高？"
    )
    assert schools is not None and schools.names == ("东陵大学", "南屿理工学院", "北川师范大学")
    assert schools.measure == "就业率"


def test_a_chinese_document_is_another_things_only_where_each_mention_is_another_things():
    grid = "晟海电网调查报告：国网晟海公司表示，已复核全市保护装置。"
    assert names_another(grid, "晟海市")  # a sentence naming the city's grid company
    assert not names_another(grid, "晟海市", every=True)  # the grid's report is the city's
    assert names_another("关于晟海路道路施工的公告：晟海路将封闭施工。", "晟海市", every=True)


def test_a_chinese_subject_ending_as_a_place_is_kept_whole_when_a_source_gives_it():
    from research.text.extractive.currency import Vintage
    from research.text.extractive.evidence import Known
    from research.text.extractive.filing import grounded

    def known(text: str) -> Known:
        return Known("a", text[:10], text, Vintage("", None), text)

    sources = {1: known("晟海市停电通报"), 2: known("晟海路施工"), 3: known("晟海电器业绩")}
    assert grounded(("晟海市",), sources) == ("晟海市",)
    assert heading_for("3月12日晟海市大面积停电是怎么发生") == ""  # 大面积: widespread, no area
    assert heading_for("这个项目规模有多大") == "规模"


def test_a_how_or_why_question_asks_for_its_parts_and_a_change_or_a_count_does_not():
    from research.text.extractive.explanations import HOW, WHY, angles

    assert angles("Why did the River Aske flood Caldmoor in February 2024?") == WHY
    assert angles("澜川新能源的青石储能电站为什么在2025年6月发生火灾？") == WHY
    assert angles("How does Halden Bakery make its sourdough loaf, step by step?") == HOW
    assert angles("明禾乳业的巴氏杀菌鲜牛奶是怎样生产出来的？") == HOW
    assert angles("How has household water use in Pellham changed from 2019 to 2025?") == ()
    assert angles("How many robots did Halden ship?") == ()
    assert angles("澜星汽车2020年到2025年的年销量经历了怎样的变化？") == ()
    # how an event came about asks its causes, as why does
    assert angles("How did Salmonella end up in Brennock Foods' oat bars?") == WHY
    assert angles("How did Harbour Line and Veltmoor compare on punctuality?") == ()


def test_another_model_of_a_line_is_another_things_and_a_name_is_found_without_its_spaces():
    assert names_another("Corvane Slate 13 – specs", "Corvane Slate 14")
    assert names_another("Lumo X1 datasheet", "Lumo X2")
    assert names_another("Pellow Pods – Specs", "Pellow Pods Pro")  # the line's plain model
    assert not names_another("Pellow Pods Pro – Specs", "Pellow Pods Pro")
    assert names_thing("PellowPods Pro (2025) – Specs", "Pellow Pods Pro")
    assert named_in("The Corvane Slate 13 weighs 1.25 kg", ("Corvane Slate 14", "Miro 13")) == []
    earbuds = named_things(
        "How do the Auro Buds 3, Pellow Pods Pro and Venn Air X wireless earbuds compare on "
        "battery life and price?"
    )
    assert earbuds is not None and earbuds.measure == "battery life and price"


def test_a_comparison_of_things_of_a_kind_leaves_out_pages_of_another_trade_and_place():
    from research.text.extractive.filing import elsewhere, of_the_kind

    earbuds = named_things(
        "How do the Auro Buds 3, Pellow Pods Pro and Venn Air X wireless earbuds compare on "
        "battery life and price?"
    )
    assert earbuds is not None and earbuds.kind == "wireless earbuds"
    assert not of_the_kind("Venn Air introduces Air X fares", "Air X fares start at £29.", earbuds)
    assert of_the_kind("Venn Air X datasheet", "True wireless earbuds with 10 hours.", earbuds)
    assert of_the_kind("Group test", "The Auro Buds 3 beat the Venn Air X on battery.", earbuds)
    districts = named_things("江州市青溪区、临港区和白沙区在常住人口方面相比如何？")
    assert districts is not None and districts.names == ("青溪区", "临港区", "白沙区")
    assert elsewhere("南川市白沙区地处南川市东南部。", districts)
    assert not elsewhere("江州市白沙区2024年末常住人口40.3万人。", districts)
    counted = named_things("星桩、电驿、快充宝和绿能桩四家充电运营商，公共充电桩数量各是多少？")
    assert counted is not None and counted.kind == "充电运营商"


def test_a_question_about_how_a_process_goes_reads_its_procedures():
    asked = "安禾农商银行的小微企业信用贷款是怎么申请和审批的？"
    assert genre.asks_about_rules(asked)
    assert not genre.administrative("制度/小微信用贷款业务操作规程（2024版）.docx", asked)
    assert genre.administrative("人事/员工考勤制度.docx", asked)  # its HR folder still is
    other = "安禾农商银行2024年的营业收入是多少？"
    assert genre.administrative("制度/小微信用贷款业务操作规程（2024版）.docx", other)


def test_a_namesake_may_be_one_of_the_organisations_a_question_asks_for():
    asked = "Which organisations received grants from the Harwick Community Fund in 2025?"
    choir = "the Harwick Dementia Choir's £6,200 will pay for a minibus"
    assert names_another(choir, "Harwick Community Fund", asked)  # a document about the choir
    assert not names_another(choir, "Harwick Community Fund", asked, members=True)  # a grantee
    assert heading_for("grants from the Harwick Community Fund in its 2025 round") != "Funding"


def test_the_body_that_runs_a_place_named_after_it_is_the_places_own():
    park = "Calder Gorge National Park"
    assert names_thing("Calder Gorge National Park Authority — annual report", park)
    assert not names_thing("Aurora Borealis Tours", "Aurora")


def test_a_place_council_or_a_ports_authority_is_its_own_but_a_citys_council_no_tramways():
    assert not names_another("Caldmoor District Council — Scrutiny Committee", "Caldmoor")
    assert names_thing("Port Ellery Harbour Authority — Annual Review 2024", "Port Ellery")
    assert not names_another("Port Ellery Harbour Authority — Annual Review 2024", "Port Ellery")
    bus = "Elsmouth City Council — local bus patronage, all operators"
    assert names_another(bus, "Elsmouth Tramway")


def test_another_word_for_the_same_kind_of_thing_is_no_namesake():
    assert not names_another("Orlay Strait Crossing: Final Account Review", "Orlay Strait Bridge")
    assert not names_another("What went wrong: our Harvest Oat Bar recall", "Harvest Oat Bars")
    assert names_another("Skelby Sound Seafoods, the fishermen's co-op", "Skelby Sound Ferries")


def test_an_expectation_whose_year_is_past_is_no_answer_unless_the_question_asks_ahead():
    planned = "Subject to approval, construction would begin in 2023 and open in spring 2024."
    ordered = (
        "Northwind Ferries has ordered a new ferry, provisionally named Selkie Dawn, for "
        "delivery in 2022. She is planned to carry 550 passengers and 120 cars at 16 knots."
    )
    assert prospects.stale(planned, 2025) and prospects.stale(ordered, 2025)
    assert prospects.stale("东陵医院拟于2023年招聘护理人员120名", 2025)
    assert not prospects.stale(planned, 2024)  # its year is not past
    assert not prospects.stale("Repairs are expected to cost £85,000.", 2025)  # of no year
    for fact in (  # what is so, stated before or beside what is expected
        "The company, which employs 412 staff, plans to hire 60 more engineers in 2025.",
        "The club will buy new rings with its £18,500 grant, awarded in 2023.",
        "Ellery will welcome about 505,000 passengers in 2024, up from 471,000 last year.",
        "The bridge opened in 2024 and will carry 3,000 people a day.",
    ):
        assert not prospects.stale(fact, 2026), fact
    assert prospects.asks_ahead("What new routes is Aldercrest launching this summer?")
    assert prospects.asks_ahead("How does the gate process a container pickup?")  # a process
    assert not prospects.asks_ahead("When did the Marrow Creek footbridge open?")


def test_a_document_of_another_kind_of_the_measure_asked_and_never_of_its_kind_is_off():
    wind = "How has Corrigan Renewables' installed wind capacity grown over the past five years?"
    assert other_measure("Total installed solar capacity is 185 MWp.", wind)
    assert not other_measure("Wind capacity reached 731 MW; solar added 185 MWp.", wind)
    assert not other_measure("Corrigan's capacity rose to 731 MW in 2024.", wind)
    visits = "How have visits to Pembury Vale libraries changed from 2019 to 2023?"
    assert other_measure("Swimming visits at the four pools reached 842,000.", visits)
    assert not other_measure("Library visits reached 1,058,000 in 2022.", visits)
    rural = "蓝溪县农民的收入这几年涨了多少？想看农村居民人均可支配收入的变化。"
    assert other_measure("2023年，蓝溪县城镇居民人均可支配收入41260元。", rural)
    assert not other_measure("城镇居民收入49870元，农村居民收入23950元。", rural)
    water = "柳港市2024年为什么要上调居民自来水价格？"
    assert other_measure("柳港市关于调整居民管道天然气价格的通知：气价由2.98元调为3.16元。", water)


def test_a_rugby_club_or_a_garden_centre_of_the_subjects_first_words_is_another_thing():
    libraries = "How have visits to Pembury Vale libraries changed from 2019 to 2023?"
    assert names_another("Pembury Vale RFC season review", "Pembury Vale", libraries)
    recalls = "Which products has Bramblewood Home recalled since 2022?"
    centre = "Bramblewood Garden Centre recalls cordless hedge trimmer"
    assert names_another(centre, "Bramblewood Home", recalls)
    assert not names_another(
        "Bramblewood Home recalls its Ember kettle", "Bramblewood Home", recalls
    )


def test_a_lone_how_after_and_asks_more_of_the_part_before_it_and_how_many_reads_as_what_counts():
    from research.text.extractive.aspects import aspects, part_phrase

    parts = aspects(
        "Brief me on the Marrowby Homes housing association: who regulates it and how, how many "
        "homes it owns, its finances, and its main risks."
    )
    assert parts == ["who regulates it and how", "how many homes it owns", "finances", "main risks"]
    assert part_phrase(parts[1]) == "Homes"


def test_a_request_then_a_sentence_of_questions_is_its_subject_then_its_parts():
    question = (
        "Could you do a background check on Fenwick & Loam, the garden products company? Who "
        "owns it, what does it sell, how big is it, and has it been in trouble with regulators?"
    )
    assert subject_part(question) == (
        "Could you do a background check on Fenwick & Loam, the garden products company?"
    )
    shorter = question.split(", and has")[0] + "?"
    assert aspects(shorter) == ["Who owns it", "what does it sell", "how big is it"]
    # one sentence that asks one thing of a list of names keeps them as its subject
    assert subject_part("Which is cheaper, Aurora or Boreal?") == (
        "Which is cheaper, Aurora or Boreal?"
    )
