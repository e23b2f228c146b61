import Foundation

/// What `assess` says after saving a PHQ-9 whose item 9 (thoughts of being better off dead or of
/// self-harm) is answered above 0: a calm, short message, then the vault's crisis line. Nothing is
/// sent anywhere.
public enum AssessmentSafety {
    /// The message, in the same plain tone as the rest of the output.
    public static let message = """
        Your answer to item 9 matters. Please talk with your clinician, or a crisis line, now; you do not have to wait for your next appointment.
        """

    /// Shown when the vault's config has no `crisis_line:`: the local emergency number and a
    /// crisis line, in neutral words.
    public static let defaultCrisisLine = """
        If you might act on these thoughts, call your local emergency number now (911 in the US and Canada, 112 in the EU, 999 in the UK). To talk with someone at any hour: call or text 988 in the US, or find a crisis line in your country at findahelpline.com.
        """

    /// Whether the message is due: PHQ-9 with item 9 above 0, and never for another instrument.
    public static func applies(instrument: AssessmentInstrument, answers: [Int]) -> Bool {
        guard let item = instrument.safetyItem, answers.count >= item else { return false }
        return answers[item - 1] > 0
    }

    /// The message and the crisis line (the vault's, or the default).
    public static func lines(crisisLine: String?) -> [String] {
        [message, crisisLine ?? defaultCrisisLine]
    }
}
