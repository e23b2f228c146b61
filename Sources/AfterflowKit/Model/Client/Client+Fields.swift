/// A client's keys, for an editor (docs/FORMAT.md, "Clients").
extension Client {
    public static func meaning(ofKey key: String) -> String? {
        switch key {
        case "name": return "The client's full name, as you write it."
        case "born": return "The day of birth (2017-03-02), without a time; for the age shown."
        case "progress_every": return "How often a progress report is due: '10 visits' (Medicare), '30 days', or 'none' to turn off the vault's default."
        case "report_periods": return "A school's reporting periods (2025-09-01..2025-11-14, or the last day alone): a progress report is due at the end of each."
        case "progress_reports": return "The days progress reports were given; 'export progress CLIENT --period' adds the day it writes one."
        default: return keys.contains(key) ? FieldChoice.sharedMeaning(ofKey: key) : nil
        }
    }
}
