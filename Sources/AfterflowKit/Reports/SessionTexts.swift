/// One session's values for the report template: texts by name, some of them in a group (`mood`,
/// `music`), in the order they were added.
///
/// The template sees them as `context`; `ReportSessions` reads them as they are, which spares a
/// dynamic cast per value.
struct SessionTexts: Sendable {
    struct Name: Hashable, Sendable {
        /// `mood` for `mood_words`; nil for a name of the session itself.
        let group: String?
        let name: String
    }

    private(set) var names: [Name] = []
    private(set) var texts: [String] = []

    init() {
        names.reserveCapacity(20)
        texts.reserveCapacity(20)
    }

    mutating func add(_ name: String, _ text: String, in group: String? = nil) {
        names.append(Name(group: group, name: name))
        texts.append(text)
    }

    /// As the template sees them: a `ReportText` for each text, a dictionary for each group.
    var context: [String: Any] {
        var context: [String: Any] = [:]
        var groups: [String: [String: Any]] = [:]
        for (name, text) in zip(names, texts) {
            if let group = name.group { groups[group, default: [:]][name.name] = ReportText(text) } else { context[name.name] = ReportText(text) }
        }
        for (group, values) in groups { context[group] = values }
        return context
    }
}
