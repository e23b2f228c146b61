import Foundation

/// The instruments afterflow ships: PHQ-9 and GAD-7 (their wording, answers, bands and LOINC codes
/// from `AssessmentInstrument`), and the psychedelic-session instruments of
/// docs/FORMAT.md "Instruments", written in the instrument file format and read by
/// `InstrumentFile` like a vault's. Item wording ships only where its licence allows (PHQ-9,
/// GAD-7); the others have their item numbers, scale, keys, scoring and thresholds, and the user
/// brings the wording from their own copy (`afterflow instrument add`).
public enum BuiltInInstruments {
    /// Every built-in, PHQ-9 and GAD-7 first.
    public static let all: [Instrument] = AssessmentInstrument.allCases.map(instrument) + texts.compactMap {
        InstrumentFile(text: $0, source: .builtIn).instrument
    }

    /// PHQ-9 or GAD-7 as an instrument: the enum's wording, answers, bands and codes.
    public static func instrument(_ standard: AssessmentInstrument) -> Instrument {
        let bands = standard.bands.enumerated().map { index, band -> Instrument.Band in
            let lower = [0, 5, 10, 15, 20][index]
            let upper = index + 1 < standard.bands.count ? [4, 9, 14, 19][index] : standard.maximum
            return Instrument.Band(name: band.rawValue, lower: Double(lower), upper: Double(upper))
        }
        let citation = standard == .phq9
            ? "Kroenke, Spitzer & Williams, The PHQ-9, J Gen Intern Med 16(9):606-613, 2001"
            : "Spitzer, Kroenke, Williams & Löwe, A brief measure for assessing generalized anxiety disorder: the GAD-7, Arch Intern Med 166(10):1092-1097, 2006"
        return Instrument(id: standard.rawValue, title: standard.title, measures: standard.measures, citation: citation,
                          licence: "free: Pfizer, no permission required to reproduce, translate, display or distribute",
                          stem: AssessmentInstrument.stem, minimum: 0, maximum: 3, anchors: AssessmentInstrument.answers,
                          items: standard.items.enumerated().map { Instrument.Item(number: $0.offset + 1, text: $0.element) },
                          scoring: .sum, bands: bands, given: .any, loinc: standard.totalCode, loincPanel: standard.panelCode)
    }

    /// The file text of each built-in written in the instrument file format.
    public static let texts = [meq30, ceq, edi, ebi]

    /// The definition text of a built-in that is written as a file (nil for PHQ-9 and GAD-7).
    public static func text(id: String) -> String? {
        texts.first { InstrumentFile(text: $0, source: .builtIn).instrument?.id == id }
    }

    static let meq30 = """
        ---
        type: instrument
        id: meq30
        title: MEQ-30
        measures: mystical experience
        citation: "Barrett, Johnson & Griffiths, Validation of the revised Mystical Experience Questionnaire in experimental sessions with psilocybin, J Psychopharmacol 29(11):1182-1190, 2015"
        licence: unknown
        stem: Looking back over the whole session, rate how strongly you felt each of these at any time in it.
        scale: 0-5
        anchors: [none, extreme]
        score: percent_of_max
        given: after
        days_after: 0
        ---

        The revised Mystical Experience Questionnaire, given at the end of the session day. No licence is stated, so
        afterflow ships the scoring key and not the items' wording: add it from your own copy with
        'afterflow instrument add'. Item numbers are those of the stand-alone version (1-30).

        ## Items

        1.
        2.
        3.
        4.
        5.
        6.
        7.
        8.
        9.
        10.
        11.
        12.
        13.
        14.
        15.
        16.
        17.
        18.
        19.
        20.
        21.
        22.
        23.
        24.
        25.
        26.
        27.
        28.
        29.
        30.

        ## Subscales

        - mystical: 4, 5, 6, 9, 14, 15, 16, 18, 20, 21, 23, 24, 25, 26, 28
        - positive mood: 2, 8, 12, 17, 27, 30
        - transcendence of time and space: 1, 7, 11, 13, 19, 22
        - ineffability: 3, 10, 29

        ## Thresholds

        - complete mystical experience: every subscale >= 60%
        """

    static let ceq = """
        ---
        type: instrument
        id: ceq
        title: CEQ
        measures: challenging experience
        citation: "Barrett, Bradstreet, Leoutsakos, Johnson & Griffiths, The Challenging Experience Questionnaire, J Psychopharmacol 30(12):1279-1295, 2016"
        licence: unknown
        scale: 0-5
        anchors: [none, extreme]
        score: percent_of_max
        given: after
        days_after: 0
        ---

        The Challenging Experience Questionnaire: 26 items in seven factors (grief, fear, death, insanity,
        isolation, physical distress, paranoia), given at the end of the session day or the day after. The
        factors' items are not confirmed, so afterflow scores the total alone; add the factors and the
        wording from your own copy with 'afterflow instrument add'. No threshold is used.

        ## Items

        1.
        2.
        3.
        4.
        5.
        6.
        7.
        8.
        9.
        10.
        11.
        12.
        13.
        14.
        15.
        16.
        17.
        18.
        19.
        20.
        21.
        22.
        23.
        24.
        25.
        26.
        """

    static let edi = """
        ---
        type: instrument
        id: edi
        title: EDI
        measures: ego dissolution
        citation: "Nour, Evans, Nutt & Carhart-Harris, Ego-dissolution and psychedelics: validation of the Ego-Dissolution Inventory (EDI), Front Hum Neurosci 10:269, 2016, doi 10.3389/fnhum.2016.00269"
        licence: CC-BY-4.0
        scale: 0-100
        anchors: [no more than usual, completely]
        score: mean
        given: after
        days_after: 0
        ---

        The Ego-Dissolution Inventory: eight statements, each on a 0-100 line; the score is their mean. The
        article is open access under CC BY, so the wording may be added with attribution; afterflow does not
        ship it until it has been checked against the article. There is no published cut-off.

        ## Items

        1.
        2.
        3.
        4.
        5.
        6.
        7.
        8.
        """

    static let ebi = """
        ---
        type: instrument
        id: ebi
        title: EBI
        measures: emotional breakthrough
        citation: "Roseman, Haijen, Idialu-Ikato, Kaelen, Watts & Carhart-Harris, Emotional breakthrough and psychedelics: validation of the Emotional Breakthrough Inventory, J Psychopharmacol 33(9):1076-1087, 2019, doi 10.1177/0269881119855974"
        licence: unknown
        scale: 0-100
        anchors: ["no, not more than usual", "yes, much more than usual"]
        score: mean
        given: after
        days_after: 1
        ---

        The Emotional Breakthrough Inventory: six statements, each on a 0-100 line, answered the day after the
        session. afterflow shows the mean 0-100, beside the EDI (sources disagree on a sum or a mean). No
        licence is stated: add the wording from your own copy with 'afterflow instrument add'.

        ## Items

        1.
        2.
        3.
        4.
        5.
        6.
        """
}
