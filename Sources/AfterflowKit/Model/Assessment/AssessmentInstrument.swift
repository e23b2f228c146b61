import Foundation

/// The standard questionnaires afterflow asks: PHQ-9 (depression) and GAD-7 (anxiety), each item
/// answered 0-3 about the last two weeks. The one place that holds their wording, answers, bands
/// and codes.
///
/// Item wording: Kroenke, Spitzer & Williams, "The PHQ-9" (J Gen Intern Med 2001), and Spitzer,
/// Kroenke, Williams & Löwe, "A brief measure for assessing generalized anxiety disorder: the
/// GAD-7" (Arch Intern Med 2006); both "developed by Drs. Robert L. Spitzer, Janet B.W. Williams,
/// Kurt Kroenke and colleagues, with an educational grant from Pfizer Inc. No permission required
/// to reproduce, translate, display or distribute." Item and answer codes are LOINC's (panels
/// 44249-1 and 69737-5).
public enum AssessmentInstrument: String, Sendable, CaseIterable, Hashable {
    case phq9
    case gad7

    /// `PHQ-9`, `GAD-7`.
    public var title: String {
        switch self {
        case .phq9: return "PHQ-9"
        case .gad7: return "GAD-7"
        }
    }

    /// What it measures, for help and listings.
    public var measures: String {
        switch self {
        case .phq9: return "depression"
        case .gad7: return "anxiety"
        }
    }

    /// The question before the items.
    public static let stem = "Over the last 2 weeks, how often have you been bothered by any of the following problems?"

    /// The items, verbatim, in order.
    public var items: [String] {
        switch self {
        case .phq9:
            return [
                "Little interest or pleasure in doing things",
                "Feeling down, depressed, or hopeless",
                "Trouble falling or staying asleep, or sleeping too much",
                "Feeling tired or having little energy",
                "Poor appetite or overeating",
                "Feeling bad about yourself — or that you are a failure or have let yourself or your family down",
                "Trouble concentrating on things, such as reading the newspaper or watching television",
                "Moving or speaking so slowly that other people could have noticed? Or the opposite — being so fidgety or restless that you have been moving around a lot more than usual",
                "Thoughts that you would be better off dead or of hurting yourself in some way",
            ]
        case .gad7:
            return [
                "Feeling nervous, anxious or on edge",
                "Not being able to stop or control worrying",
                "Worrying too much about different things",
                "Trouble relaxing",
                "Being so restless that it is hard to sit still",
                "Becoming easily annoyed or irritable",
                "Feeling afraid as if something awful might happen",
            ]
        }
    }

    /// Each item's LOINC code, in the items' order.
    public var itemCodes: [String] {
        switch self {
        case .phq9: return ["44250-9", "44255-8", "44259-0", "44254-1", "44251-7", "44258-2", "44252-5", "44253-3", "44260-8"]
        case .gad7: return ["69725-0", "68509-9", "69733-4", "69734-2", "69735-9", "69689-8", "69736-7"]
        }
    }

    /// LOINC's display of each item code, in the items' order: LOINC's own names (ending "in last
    /// 2 weeks"), which a FHIR validator compares a coding's display with. The form's wording
    /// (`items`) goes in the concept's text.
    public var itemDisplays: [String] {
        switch self {
        case .phq9:
            return [
                "Little interest or pleasure in doing things in last 2 weeks",
                "Feeling down, depressed, or hopeless in last 2 weeks",
                "Trouble falling or staying asleep, or sleeping too much in last 2 weeks [Reported.PHQ]",
                "Feeling tired or having little energy in last 2 weeks [Reported.PHQ]",
                "Poor appetite or overeating in last 2 weeks [Reported.PHQ]",
                "Feeling bad about yourself - or that you are a failure or have let yourself or your family down in last 2 weeks [Reported.PHQ]",
                "Trouble concentrating on things, such as reading the newspaper or watching television in last 2 weeks [Reported.PHQ]",
                "Moving or speaking so slowly that other people could have noticed. Or the opposite - being so fidgety or restless that you have been moving around a lot more than usual in last 2 weeks [Reported.PHQ]",
                "Thoughts that you would be better off dead, or of hurting yourself in some way in last 2 weeks [Reported.PHQ]",
            ]
        case .gad7:
            return [
                "Feeling nervous, anxious or on edge in last 2 weeks",
                "Not able to stop or control worrying in the last 2 weeks",
                "Worrying too much about different things in last 2 weeks [Reported.PHQ]",
                "Trouble relaxing in last 2 weeks [Reported.PHQ]",
                "Being so restless that it is hard to sit still in last 2 weeks [Reported.PHQ]",
                "Becoming easily annoyed or irritable in last 4 weeks [Reported.PHQ]",
                "Feeling afraid as if something awful might happen in last 2 weeks [Reported.PHQ]",
            ]
        }
    }

    /// LOINC's display of the questionnaire panel (`panelCode`).
    public var panelDisplay: String {
        switch self {
        case .phq9: return "PHQ-9 quick depression assessment panel [Reported.PHQ]"
        case .gad7: return "Generalized anxiety disorder 7 item (GAD-7)"
        }
    }

    /// The LOINC code of the total score: PHQ-9 `44261-6`, GAD-7 `70274-6`.
    public var totalCode: String {
        switch self {
        case .phq9: return "44261-6"
        case .gad7: return "70274-6"
        }
    }

    /// LOINC's display name of the total score.
    public var totalDisplay: String {
        switch self {
        case .phq9: return "Patient Health Questionnaire 9 item (PHQ-9) total score [Reported]"
        case .gad7: return "Generalized anxiety disorder 7 item (GAD-7) total score [Reported.PHQ]"
        }
    }

    /// The LOINC code of the questionnaire panel: PHQ-9 `44249-1`, GAD-7 `69737-5`.
    public var panelCode: String {
        switch self {
        case .phq9: return "44249-1"
        case .gad7: return "69737-5"
        }
    }

    public var itemCount: Int { items.count }
    /// 27 for PHQ-9, 21 for GAD-7.
    public var maximum: Int { itemCount * 3 }

    /// The four answers, 0-3, as the forms word them.
    public static let answers = ["not at all", "several days", "more than half the days", "nearly every day"]
    /// LOINC's answer codes for 0-3 (answer list LL358-3).
    public static let answerCodes = ["LA6568-5", "LA6569-3", "LA6570-1", "LA6571-9"]

    /// The severity band of a total: PHQ-9 0-4 minimal, 5-9 mild, 10-14 moderate, 15-19
    /// moderately severe, 20-27 severe; GAD-7 0-4 minimal, 5-9 mild, 10-14 moderate, 15-21 severe.
    public func band(total: Int) -> AssessmentBand {
        switch total {
        case ..<5: return .minimal
        case ..<10: return .mild
        case ..<15: return .moderate
        case ..<20 where self == .phq9: return .moderatelySevere
        default: return .severe
        }
    }

    /// The bands this instrument uses, lowest first.
    public var bands: [AssessmentBand] {
        self == .phq9 ? AssessmentBand.allCases : [.minimal, .mild, .moderate, .severe]
    }

    /// The item whose answer above 0 matters on its own, whatever the total: PHQ-9's item 9
    /// (1-based), about thoughts of being better off dead or of self-harm.
    public var safetyItem: Int? { self == .phq9 ? 9 : nil }

    /// `phq9`, `PHQ-9`, `phq-9`, `gad7`, `GAD 7`… read without case, `-`, `_` or spaces.
    public init?(parsing text: String) {
        let key = String(text.lowercased().filter { $0.isLetter || $0.isNumber })
        self.init(rawValue: key)
    }

    public static var names: [String] { allCases.map(\.rawValue) }
}

/// A severity band, as the file writes it (`moderately-severe`).
public enum AssessmentBand: String, Sendable, CaseIterable, Hashable, Comparable {
    case minimal
    case mild
    case moderate
    case moderatelySevere = "moderately-severe"
    case severe

    /// `moderately severe`: for people.
    public var words: String { rawValue.replacingOccurrences(of: "-", with: " ") }

    /// The HL7 personal health record guide's risk code (`noneToMinimal`, `moderatelySevere`).
    public var riskCode: String {
        switch self {
        case .minimal: return "noneToMinimal"
        case .mild: return "mild"
        case .moderate: return "moderate"
        case .moderatelySevere: return "moderatelySevere"
        case .severe: return "severe"
        }
    }

    /// The guide's display of the risk code.
    public var riskDisplay: String {
        switch self {
        case .minimal: return "Minimal"
        case .mild: return "Mild"
        case .moderate: return "Moderate"
        case .moderatelySevere: return "Moderately Severe"
        case .severe: return "Severe"
        }
    }

    private var rank: Int { AssessmentBand.allCases.firstIndex(of: self) ?? 0 }
    public static func < (a: AssessmentBand, b: AssessmentBand) -> Bool { a.rank < b.rank }

    /// `moderately severe`, `moderately-severe`, `moderatelySevere`… read without case.
    public init?(parsing text: String) {
        let key = text.lowercased().filter { $0.isLetter }
        guard let band = AssessmentBand.allCases.first(where: { $0.rawValue.filter { $0.isLetter } == key }) else { return nil }
        self = band
    }
}
