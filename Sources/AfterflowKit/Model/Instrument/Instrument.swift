import Foundation

/// A questionnaire's definition: its items, the scale they are answered on, how they are scored
/// and when it is given. Built into afterflow (`BuiltInInstruments`: PHQ-9, GAD-7 and the
/// psychedelic-session instruments) or read from a vault's `instruments/ID.md`
/// (`InstrumentFile`, docs/FORMAT.md "Instruments"). Answers to it are assessments
/// (`type: assessment`, `instrument: ID`); `score(answers:)` scores them.
public struct Instrument: Sendable, Hashable {
    /// How a total or a subscale turns its items into one number.
    public enum Scoring: String, Sendable, Hashable, CaseIterable {
        /// The items added up.
        case sum
        /// The items' mean, on the scale's own range.
        case mean
        /// The sum as a percentage of the highest sum the items could reach.
        case percentOfMax = "percent_of_max"
    }

    /// When it is given, relative to a session.
    public enum Given: String, Sendable, Hashable, CaseIterable {
        /// Before the session (a baseline).
        case before
        /// After it: the session's day, or `daysAfter` days later.
        case after
        /// At any time; only answers linked to a session (`session:`) belong to one.
        case any
    }

    /// One item: its number (1-based, in order) and its wording, nil where afterflow does not
    /// ship it (the user brings it from their own copy).
    public struct Item: Sendable, Hashable {
        public var number: Int
        public var text: String?
        /// Scored as `minimum + maximum - answer`.
        public var reverse: Bool

        public init(number: Int, text: String?, reverse: Bool = false) {
            self.number = number
            self.text = text
            self.reverse = reverse
        }

        /// The wording, or `item N` where it is not shipped.
        public var display: String { text ?? "item \(number)" }
    }

    /// A named group of items scored on its own (MEQ-30's `mystical`).
    public struct Subscale: Sendable, Hashable {
        public var name: String
        /// Item numbers, 1-based.
        public var items: [Int]

        public init(name: String, items: [Int]) {
            self.name = name
            self.items = items
        }
    }

    /// A named range of the total score (PHQ-9's `mild`, 5-9), both ends included.
    public struct Band: Sendable, Hashable {
        public var name: String
        public var lower: Double
        public var upper: Double

        public init(name: String, lower: Double, upper: Double) {
            self.name = name
            self.lower = lower
            self.upper = upper
        }
    }

    /// A named rule met when a score reaches a minimum: MEQ-30's "complete mystical experience",
    /// every subscale at 60 % of its maximum or more.
    public struct Threshold: Sendable, Hashable {
        public enum Target: Sendable, Hashable {
            case total
            case everySubscale
            case subscale(String)
        }

        public var name: String
        public var target: Target
        public var minimum: Double
        /// Whether `minimum` is a percentage of the maximum rather than a score.
        public var percent: Bool

        public init(name: String, target: Target, minimum: Double, percent: Bool) {
            self.name = name
            self.target = target
            self.minimum = minimum
            self.percent = percent
        }
    }

    /// Where the definition came from.
    public enum Source: Sendable, Hashable {
        case builtIn
        /// A vault file, its vault-relative path.
        case vault(String)
    }

    public var id: String
    public var title: String
    /// What it measures, in a few words.
    public var measures: String
    public var citation: String
    /// An SPDX id (`CC-BY-4.0`), `free` (PHQ family) or `unknown`.
    public var licence: String
    /// The question before the items.
    public var stem: String?
    /// The lowest and highest answer to an item (0-3, 0-5, 0-100), whole numbers.
    public var minimum: Int
    public var maximum: Int
    /// Words for the answers: two (the ends) or one for every answer.
    public var anchors: [String]
    public var items: [Item]
    public var subscales: [Subscale]
    public var scoring: Scoring
    public var bands: [Band]
    public var thresholds: [Threshold]
    public var given: Given
    /// For `given: after`: how many days after the session's day (0, the same day).
    public var daysAfter: Int
    /// The LOINC code of the total score, and of the questionnaire, where it has one.
    public var loinc: String?
    public var loincPanel: String?
    public var source: Source

    public init(id: String, title: String, measures: String, citation: String, licence: String, stem: String? = nil,
                minimum: Int, maximum: Int, anchors: [String] = [], items: [Item], subscales: [Subscale] = [],
                scoring: Scoring = .sum, bands: [Band] = [], thresholds: [Threshold] = [], given: Given = .any,
                daysAfter: Int = 0, loinc: String? = nil, loincPanel: String? = nil, source: Source = .builtIn) {
        self.id = id
        self.title = title
        self.measures = measures
        self.citation = citation
        self.licence = licence
        self.stem = stem
        self.minimum = minimum
        self.maximum = maximum
        self.anchors = anchors
        self.items = items
        self.subscales = subscales
        self.scoring = scoring
        self.bands = bands
        self.thresholds = thresholds
        self.given = given
        self.daysAfter = daysAfter
        self.loinc = loinc
        self.loincPanel = loincPanel
        self.source = source
    }

    public var itemCount: Int { items.count }
    /// Whether every item's wording is there; an instrument without it still scores answers.
    public var hasWording: Bool { items.allSatisfy { $0.text != nil } }
    /// The answers an item takes, `0-5`.
    public var scaleText: String { "\(minimum)-\(maximum)" }

    /// `MEQ-30`, `meq30`, `meq_30`: letters and digits only, lower case, as answers name it.
    public static func normalizedID(_ text: String) -> String {
        String(text.lowercased().filter { ($0.isLetter || $0.isNumber) && $0.isASCII })
    }

    /// The highest value the scoring can give for the total: the sum of every item's maximum,
    /// the scale's maximum for a mean, 100 for a percentage.
    public var maximumScore: Double {
        switch scoring {
        case .sum: return Double(maximum * itemCount)
        case .mean: return Double(maximum)
        case .percentOfMax: return 100
        }
    }

    /// `when: after, the day after`, for people.
    public var givenWords: String {
        switch given {
        case .before: return "before a session"
        case .any: return "at any time"
        case .after:
            switch daysAfter {
            case 0: return "after a session, the same day"
            case 1: return "the day after a session"
            default: return "\(daysAfter) days after a session"
            }
        }
    }
}
